/** An http(s) address (any other scheme, `javascript:` above all, is never made a link). */
const isWebUrl = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);
/** An address that names a picture by its file name (shown as a thumbnail). */
export const isImageUrl = (url: string) => /\.(png|jpe?g|gif|webp|avif)(?:[?#].*)?$/i.test(url);

export interface DocumentLink {
  kind: string;
  url: string;
  /** The kind in the reader's language (the page translates it); the kind itself otherwise. */
  label?: string;
}

const documentsOf = (value: unknown): DocumentLink[] =>
  Array.isArray(value)
    ? value.filter((d): d is DocumentLink => typeof d === 'object' && d !== null && typeof d.kind === 'string' && typeof d.url === 'string')
    : [];

/**
 * A row's documents (a registration's papers): each opens in a new tab; a picture shows as a thumbnail, anything else
 * as its kind. An address that is not http(s) is shown as text, never linked.
 */
export function DocumentLinks({ value }: { value: unknown }) {
  const documents = documentsOf(value);
  if (documents.length === 0) return <span className="text-fg-muted">–</span>;
  return (
    <ul className="flex flex-wrap items-center gap-2">
      {documents.map((d, i) => {
        const label = d.label || d.kind;
        if (!isWebUrl(d.url)) return <li key={i}>{label}</li>;
        return (
          <li key={i}>
            <a
              href={d.url}
              target="_blank"
              rel="noopener noreferrer"
              referrerPolicy="no-referrer"
              title={label}
              className="inline-flex items-center gap-1 text-primary-text underline underline-offset-2 hover:no-underline"
            >
              {isImageUrl(d.url) ? (
                // eslint-disable-next-line @next/next/no-img-element -- any https host a biker app uploads to; next/image needs them listed
                <img src={d.url} alt={label} loading="lazy" referrerPolicy="no-referrer" className="h-10 w-14 rounded border border-line object-cover" />
              ) : (
                <span className="whitespace-nowrap">{label}</span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
