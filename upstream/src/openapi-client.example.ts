/**
 * A small typed client of the Platform API over `fetch`, written only against the types openapi-typescript generates
 * from the OpenAPI document (`./schema`, which `npm run openapi:client` writes next to a copy of this file before it
 * compiles it). Paths, methods, path and query parameters, bodies and answers all come from the document; the
 * `@ts-expect-error` lines fail the compilation if the generated types stop rejecting a wrong call. The project's own
 * `tsc` run leaves this file out (tsconfig.json): `./schema` exists only where it is generated.
 */
import type { components, paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The methods a path declares (the generated path items mark the others `?: never`). */
type MethodOf<P extends keyof paths> = { [M in Method]-?: paths[P][M] extends { responses: unknown } ? M : never }[Method];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type PathInput<O> = O extends { parameters: { path: infer T } } ? { path: T } : { path?: undefined };
type QueryInput<O> = O extends { parameters: { query?: infer T } } ? { query?: T } : { query?: undefined };
type BodyInput<O> = O extends { requestBody: { content: { 'application/json': infer T } } } ? { body: T } : { body?: undefined };
/** One operation's input; built per operation so that a union of operations never multiplies out. */
type Input<O> = O extends unknown ? PathInput<O> & QueryInput<O> & BodyInput<O> : never;

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Success<O> = O extends { responses: infer R } ? Json<R[Extract<keyof R, 200 | 201>]> : never;

export type Answer<O> = { ok: true; status: number; data: Success<O> } | { ok: false; status: number; data: components['schemas']['Error'] };

/** A caller of every operation in the document; `accessToken` goes out as `Authorization: Bearer`. */
export function createClient(baseUrl: string, accessToken?: string) {
  return async function call<P extends keyof paths, M extends MethodOf<P>>(
    method: M,
    path: P,
    input: NoInfer<Input<Operation<P, M>>>,
  ): Promise<Answer<Operation<P, M>>> {
    const { path: params, query, body } = input as { path?: Record<string, string>; query?: Record<string, string | number | boolean>; body?: unknown };
    const url = new URL(
      path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? '')),
      baseUrl,
    );
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {};
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, { method: method.toUpperCase(), headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data: unknown = await response.json();
    return response.ok
      ? { ok: true, status: response.status, data: data as Success<Operation<P, M>> }
      : { ok: false, status: response.status, data: data as components['schemas']['Error'] };
  };
}

type Shop = components['schemas']['Shop'];
type OrderDetail = components['schemas']['OrderDetail'];

/** Signs in, lists the active shops of the Delivery service and reads one order. */
export async function example(baseUrl: string, username: string, password: string, orderId: string) {
  const login = await createClient(baseUrl)('post', '/api/admin/auth/login', { body: { username, password } });
  if (!login.ok) throw new Error(`${login.status} ${login.data.message}`);
  if (!login.data.status) throw new Error(login.data.message);
  const { accessToken, userData } = login.data;
  const role: 'admin' | 'staff' = userData.userRole;

  const call = createClient(baseUrl, accessToken);
  const shops = await call('get', '/api/admin/{service}/Shop', {
    path: { service: 'Delivery' },
    query: { page: 1, pageSize: 25, status: 'active', sort: 'name' },
  });
  if (!shops.ok) throw new Error(shops.data.message);
  const list: Shop[] = shops.data.data;
  const total: number = shops.data.total;

  const order = await call('get', '/api/admin/{service}/Orders/{id}', { path: { service: 'Delivery', id: orderId } });
  if (!order.ok) throw new Error(order.data.message);
  const detail: OrderDetail = order.data.data;
  const lines: string[] = detail.items.map((item) => `${item.qty} × ${item.name} at ${item.price}`);

  return { role, shops: list.map((shop) => shop.name), total, order: { no: detail.orderNo, status: detail.status, lines } };
}

/** Calls the generated types must refuse. */
export async function refused(baseUrl: string) {
  const call = createClient(baseUrl, 'token');
  // @ts-expect-error the service is one of the document's values
  await call('get', '/api/admin/{service}/Shop', { path: { service: 'Elsewhere' } });
  // @ts-expect-error signing in takes a password
  await call('post', '/api/admin/auth/login', { body: { username: 'admin' } });
  // @ts-expect-error the shop list has no PUT
  await call('put', '/api/admin/{service}/Shop', { path: { service: 'Delivery' } });
  // @ts-expect-error no such path
  await call('get', '/api/admin/{service}/Nowhere', { path: { service: 'Delivery' } });
  const order = await call('get', '/api/admin/{service}/Orders/{id}', { path: { service: 'Delivery', id: '1' } });
  // @ts-expect-error an order's status is one of the lifecycle's values
  if (order.ok && order.data.data.status === 'lost') return true;
  return false;
}
