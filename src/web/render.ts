import type { Context } from 'hono';

/** A page as a response: the doctype, then the rendered JSX. */
export async function html(c: Context, element: unknown, status = 200): Promise<Response> {
  const body = String(await (element as Promise<unknown> | string));
  return c.html(`<!doctype html>${body}`, status as 200);
}

/** A part of a page (the content of <main>), for the script that fetches it again with the reader's key. */
export async function fragment(c: Context, element: unknown): Promise<Response> {
  return c.html(String(await (element as Promise<unknown> | string)));
}

/** Whether the script asked for the content only. */
export const wantsFragment = (c: Context) => c.req.header('X-Umpire-Fragment') === '1';
