/**
 * What a backend bound beyond loopback lets other machines reach, for the warning every way of
 * binding it so prints (`coursekit serve --host`, `vite --host` and `vite preview --host` with the
 * plugin). `where` is the address it listens on.
 */
export function exposureWarning(where: string, options: { exposeDevRoutes?: boolean }): string {
  const devRoutes = options.exposeDevRoutes
    ? 'OPEN TO EVERY CLIENT (--expose-dev-routes / exposeDevRoutes)'
    : 'this machine only (403 to others; --expose-dev-routes / exposeDevRoutes opens them)'
  return [
    `warning: listening on ${where}, not just this machine. Other machines that can reach it get:`,
    '  - the platform API, the Supabase Auth stand-in and the lesson media (/api, /auth/v1, /media). This backend signs its tokens with a fixed development secret, published in its source: anyone who can reach it can make tokens for any account.',
    `  - the development routes, /__dev (the mailbox with sign-in links, SMS codes, faults, state) and the OAuth consent stand-in (signs anyone in as any address): ${devRoutes}.`,
    'Use it only on a network you trust.',
  ].join('\n')
}
