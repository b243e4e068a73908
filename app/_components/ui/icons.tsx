import type { SVGProps } from 'react';
import { CircleAlert, CircleCheck, Eye, EyeOff, Globe, Inbox, Info, Lock, RefreshCw, X, type LucideIcon } from 'lucide-react';

/** Small inline icons (lucide, 24×24 stroke). Decorative by default: pass `aria-label` and `aria-hidden={false}` to name one. */
type IconProps = SVGProps<SVGSVGElement>;

const decorative = (Glyph: LucideIcon) =>
  function DecorativeIcon({ className, ...props }: IconProps) {
    return <Glyph aria-hidden="true" focusable="false" className={className ?? 'size-5'} {...(props as object)} />;
  };

export const EyeIcon = decorative(Eye);
export const EyeOffIcon = decorative(EyeOff);
export const AlertIcon = decorative(CircleAlert);
export const CheckIcon = decorative(CircleCheck);
export const InfoIcon = decorative(Info);
export const CloseIcon = decorative(X);
export const GlobeIcon = decorative(Globe);
export const LockIcon = decorative(Lock);
export const RefreshIcon = decorative(RefreshCw);
export const InboxIcon = decorative(Inbox);

/** The product mark shown beside the name "Back Office". */
export const LogoMark = (p: IconProps) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={p.className ?? 'size-8'}>
    <rect width="32" height="32" rx="8" fill="#5E50EE" />
    <path d="M9 10h8.5a4 4 0 0 1 0 8H9Zm0 8h9.5a4 4 0 0 1 0 8H9Z" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinejoin="round" />
  </svg>
);
