/** What the two viewer pages share: escaping, the page head, the config they hand their script. */

export interface ViewerPageOptions {
  readonly id: string;
  readonly replayUrl: string;
  readonly embed: boolean;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The JSON the viewer script reads from `#config`, safe inside a script element. */
export function viewerConfig(options: ViewerPageOptions): string {
  return JSON.stringify({ replayUrl: options.replayUrl, embed: options.embed }).replace(/</g, '\\u003c');
}

/** The document head up to the page's own styles, which follow. */
export function pageHead(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · umpire</title>
<style>
  :root { font: 14px/1.4 system-ui, sans-serif; color: #1d2330; background: #eef2f6; }
  body { margin: 0; }
  #app { max-width: 1100px; margin: 0 auto; padding: 12px; }
  body.embed #app { max-width: none; padding: 4px; }
  body.embed .chrome { display: none; }`;
}
