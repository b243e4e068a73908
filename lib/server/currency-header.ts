/** The request header proxy.ts sets to the service of a `/Service/{service}/…` page (and strips from the client's). */
export const SERVICE_HEADER = 'x-bo-service';
