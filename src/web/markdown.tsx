import type { Child } from 'hono/jsx';

/**
 * The small part of Markdown the games' READMEs use, as JSX (so every text is
 * escaped): headings, paragraphs, lists, fenced code, and inline code, bold and links.
 */
export function Markdown({ source }: { source: string }) {
  const blocks: Child[] = [];
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  let k = 0;
  while (k < lines.length) {
    const line = lines[k]!;
    if (line.startsWith('```')) {
      const code: string[] = [];
      for (k++; k < lines.length && !lines[k]!.startsWith('```'); k++) code.push(lines[k]!);
      k++;
      blocks.push(
        <pre>
          <code>{code.join('\n')}</code>
        </pre>,
      );
    } else if (/^#{1,6} /.test(line)) {
      const level = Math.min(6, line.indexOf(' ') + 1);
      const text = inline(line.slice(line.indexOf(' ') + 1));
      blocks.push(level <= 2 ? <h2>{text}</h2> : level === 3 ? <h3>{text}</h3> : <h4>{text}</h4>);
      k++;
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const items: string[] = [];
      for (
        ;
        k < lines.length && (/^\s*([-*]|\d+\.) /.test(lines[k]!) || (/^\s{2,}\S/.test(lines[k]!) && items.length > 0));
        k++
      ) {
        if (/^\s*([-*]|\d+\.) /.test(lines[k]!)) items.push(lines[k]!.replace(/^\s*([-*]|\d+\.) /, ''));
        else items[items.length - 1] += ` ${lines[k]!.trim()}`;
      }
      blocks.push(
        <ul>
          {items.map((i) => (
            <li>{inline(i)}</li>
          ))}
        </ul>,
      );
    } else if (line.trim() === '') {
      k++;
    } else {
      const text: string[] = [];
      for (; k < lines.length && lines[k]!.trim() !== '' && !/^(```|#{1,6} |\s*([-*]|\d+\.) )/.test(lines[k]!); k++)
        text.push(lines[k]!);
      blocks.push(<p>{inline(text.join(' '))}</p>);
    }
  }
  return <>{blocks}</>;
}

/** `code`, **bold** and [links](url) within a line (links to http(s) or relative paths only). */
function inline(text: string): Child[] {
  const out: Child[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    if (m[1] !== undefined) out.push(<code>{m[1]}</code>);
    else if (m[2] !== undefined) out.push(<strong>{m[2]}</strong>);
    else if (/^(https?:\/\/|\/|#)/.test(m[4]!)) out.push(<a href={m[4]}>{m[3]}</a>);
    else out.push(m[3]!);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
