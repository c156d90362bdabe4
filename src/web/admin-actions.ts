import type { Hono } from 'hono';
import { ApiFailure, json, type ApiCall } from './api-client.js';
import { act, authHeaders, checked, sendJson } from './actions.js';

/** A form field as text, trimmed; empty when absent. */
const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** A form's number field, or undefined when left empty. */
function whole(form: FormData, name: string): number | undefined {
  const value = text(form, name);
  if (value === '') return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new ApiFailure(400, 'INVALID_REQUEST', `${name} must be a whole number`);
  return n;
}

/** A `datetime-local` value (the page says UTC) as an ISO time; null for an empty field. */
function utcTime(form: FormData, name: string): string | null {
  const value = text(form, name);
  if (value === '') return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  if (Number.isNaN(ms)) throw new ApiFailure(400, 'INVALID_REQUEST', `${name} is not a date and time`);
  return new Date(ms).toISOString();
}

/** Only the fields given: an empty optional number is left out rather than sent as null. */
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

interface BoardAction {
  /** After /ui/leaderboards/:id. */
  readonly path: string;
  readonly method: 'POST' | 'PATCH';
  /** The API path after /v1/leaderboards/:id, from the form action's parameters. */
  readonly api: (p: Readonly<Record<string, string>>) => string;
  readonly body: (form: FormData) => unknown;
  /** Where to go after, when not the admin page (the invite's code is shown there once). */
  readonly next?: (answer: Record<string, unknown>) => string;
}

/** The organizer's controls: each form stands for one API request with the saved key. */
const BOARD_ACTIONS: readonly BoardAction[] = [
  {
    path: '/settings',
    method: 'PATCH',
    api: () => '',
    body: (f) => ({
      name: text(f, 'name'),
      public: checked(f.get('public')),
      hidden: checked(f.get('hidden')),
      teams: checked(f.get('teams')),
      deadline: utcTime(f, 'deadline'),
    }),
  },
  {
    path: '/invites',
    method: 'POST',
    api: () => '/invites',
    body: (f) => {
      const days = whole(f, 'days');
      return defined({
        maxUses: whole(f, 'maxUses'),
        expiresAt: days === undefined ? undefined : new Date(Date.now() + days * 86_400_000).toISOString(),
      });
    },
    next: (answer) => `?invite=${encodeURIComponent(String(answer.code ?? answer.invite ?? ''))}`,
  },
  {
    path: '/entries/:entry',
    method: 'PATCH',
    api: (p) => `/entries/${p.entry}`,
    body: (f) => defined({ status: text(f, 'status'), reason: text(f, 'reason') || undefined }),
  },
  {
    path: '/rounds/:round/cancel',
    method: 'POST',
    api: (p) => `/rounds/${p.round}/cancel`,
    body: () => ({}),
  },
  {
    path: '/matches/:match/void',
    method: 'POST',
    api: (p) => `/matches/${p.match}/void`,
    body: (f) => defined({ reason: text(f, 'reason') || undefined }),
  },
  { path: '/matches/:match/rerun', method: 'POST', api: (p) => `/matches/${p.match}/rerun`, body: () => ({}) },
  { path: '/rerate', method: 'POST', api: () => '/rerate', body: () => ({}) },
  { path: '/freeze', method: 'POST', api: () => '/freeze', body: () => ({}) },
  { path: '/final', method: 'POST', api: () => '/final', body: (f) => ({ top: whole(f, 'top') }) },
];

/** A round's options from the form: only those of the chosen schedule. */
function roundBody(form: FormData): Record<string, unknown> {
  const schedule = text(form, 'schedule') || 'round-robin';
  return defined({
    schedule,
    concurrent: checked(form.get('concurrent')) || undefined,
    matches: schedule === 'ladder' ? whole(form, 'matches') : undefined,
    rounds: schedule === 'swiss' ? whole(form, 'rounds') : undefined,
  });
}

/** The organizer's board controls, the team's version upload, and sign-up's key-less form. */
export function adminActions(app: Hono<any>, api: ApiCall): void {
  for (const action of BOARD_ACTIONS) {
    app.post(`/ui/leaderboards/:id${action.path}`, (c) =>
      act(c, async (form, auth) => {
        const id = c.req.param('id') ?? '';
        const params = Object.fromEntries(
          Object.entries(c.req.param() as Record<string, string>).map(([k, v]) => [k, encodeURIComponent(v)]),
        );
        const answer = await sendJson<Record<string, unknown>>(
          api,
          action.method,
          `/v1/leaderboards/${params.id}${action.api(params)}`,
          action.body(form),
          auth,
        );
        return `/leaderboards/${id}/admin${action.next?.(answer) ?? ''}`;
      }),
    );
  }

  app.post('/ui/leaderboards/:id/rounds', (c) =>
    act(c, async (form, auth) => {
      const id = c.req.param('id') ?? '';
      await sendJson<Record<string, unknown>>(
        api,
        'POST',
        `/v1/leaderboards/${encodeURIComponent(id)}/rounds`,
        roundBody(form),
        auth,
      );
      // The public page follows a round as it runs; the organizer's page comes back from there.
      return form.has('schedule') ? `/leaderboards/${id}/admin` : `/leaderboards/${id}`;
    }),
  );

  app.post('/ui/bots/:id/versions', (c) =>
    act(c, async (form, auth) => {
      const file = form.get('bot');
      if (!file || typeof file === 'string') throw new ApiFailure(400, 'INVALID_REQUEST', 'choose a bot file');
      const upload = new FormData();
      upload.set('bot', file);
      await json(
        await api(`/v1/bots/${encodeURIComponent(c.req.param('id') ?? '')}/versions`, {
          method: 'POST',
          body: upload,
          headers: authHeaders(auth),
        }),
      );
      return '/team';
    }),
  );
}
