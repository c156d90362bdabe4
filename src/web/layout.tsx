import type { Child } from 'hono/jsx';

export interface PageProps {
  readonly title: string;
  /** Set on pages whose content is their owner's: the script fetches them again with the saved key. */
  readonly needsKey?: boolean;
  /** Seconds after which the page reloads itself (a round in progress); works without script. */
  readonly refreshSeconds?: number;
  readonly children?: Child;
}

/** Every page: head, the site's header with the API key box, the main content, the script. */
export function Page({ title, needsKey, refreshSeconds, children }: PageProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {refreshSeconds ? <meta http-equiv="refresh" content={String(refreshSeconds)} /> : null}
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/assets/site.css" />
        <title>{`${title} · umpire`}</title>
      </head>
      <body>
        <header class="site-header">
          <a class="brand" href="/">
            umpire
          </a>
          <nav aria-label="Site">
            <a href="/#games">Games</a>
            <a href="/#leaderboards">Leaderboards</a>
            <a href="/upload">Upload a bot</a>
            <a href="/leaderboards/new">New leaderboard</a>
            <a href="/team">Your team</a>
            <a href="/docs">API</a>
          </nav>
          <details class="key-box">
            <summary>API key</summary>
            <form id="key-form">
              <label>
                <span class="muted">Paste your key (kept in this browser only)</span>
                <input name="key" type="password" autocomplete="off" placeholder="umpire_…" />
              </label>
              <button type="submit">Save</button>
              <button type="button" data-forget>
                Forget
              </button>
            </form>
            <p id="key-status" class="muted" aria-live="polite"></p>
          </details>
        </header>
        <main class="site-main" id="main" {...(needsKey ? { 'data-needs-key': '' } : {})}>
          {children}
        </main>
        <script src="/assets/site.js" defer></script>
      </body>
    </html>
  );
}

/** A form the script submits with the saved key; without script it posts and the server redirects. */
export function ApiForm({
  action,
  children,
  label,
  multipart,
}: {
  action: string;
  label: string;
  multipart?: boolean;
  children?: Child;
}) {
  return (
    <form
      class="stack"
      method="post"
      action={action}
      data-api-form
      {...(multipart ? { enctype: 'multipart/form-data' } : {})}
    >
      {children}
      <div>
        <button class="primary" type="submit">
          {label}
        </button>
      </div>
      <p role="alert"></p>
    </form>
  );
}

/** "3 minutes ago" for an ISO date, from `now`. */
export function ago(iso: string, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return iso.slice(0, 10);
}
