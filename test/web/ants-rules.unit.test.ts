import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AppConfig, createApp } from '../../src/api/app.js';
import { CONDITIONS, INSTRUCTIONS, parseBrain, SENSE_DIRS, TURNS } from '../../src/games/ants/brain.js';
import { Markdown } from '../../src/web/markdown.js';

// The Ants page lets a newcomer write a brain: every instruction, sense direction, condition and turn
// the engine's parser accepts (the 2004 task's vocabulary, section 2.8) is on the served page, in the
// rules section, as code; and each instruction's and condition's documented syntax, its operand names
// replaced by sample values, is a line the parser accepts, while the same line short of its last
// operand is refused. The page is rendered by the app in process, from src/ (no build, no server).

/** A sample value for each operand name of the task's grammar (section 2.8). */
const SAMPLE: Readonly<Record<string, string>> = {
  st: '0',
  st1: '0',
  st2: '0',
  i: '0',
  p: '2',
  lr: 'Left',
  sensedir: 'Here',
  cond: 'Food',
};

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The page's rules section: from the heading with id "rules" to the end of its section. */
function rulesSection(page: string): string {
  const start = page.indexOf('id="rules"');
  if (start < 0) return '';
  const end = page.indexOf('</section>', start);
  return page.slice(start, end < 0 ? undefined : end);
}

/** The texts of the section's code elements, each split into words. */
const codeWords = (html: string) =>
  [...html.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => decode(m[1]!).trim().split(/\s+/));

/**
 * The code elements that name `word` and then only operand names: its documented syntax. An
 * instruction's needs an operand (every instruction has some); a bare keyword is only a mention.
 */
const syntaxOf = (codes: string[][], word: string, minOperands: number) =>
  codes.filter(
    ([first, ...rest]) =>
      first?.toLowerCase() === word && rest.length >= minOperands && rest.every((w) => Object.hasOwn(SAMPLE, w)),
  );

const filled = (words: readonly string[]) => words.map((w) => (Object.hasOwn(SAMPLE, w) ? SAMPLE[w] : w)).join(' ');

/** What is missing from a page's rules section, one line per problem; empty when complete. */
function missingFrom(section: string): string[] {
  const codes = codeWords(section);
  const problems: string[] = [];
  for (const keyword of INSTRUCTIONS) {
    const forms = syntaxOf(codes, keyword, 1);
    if (forms.length === 0) problems.push(`instruction ${keyword}: no syntax in code`);
    for (const form of forms) {
      if (!parseBrain(filled(form)).ok) problems.push(`instruction ${form.join(' ')}: the parser refuses it`);
      if (form.length > 1 && parseBrain(filled(form.slice(0, -1))).ok)
        problems.push(`instruction ${form.join(' ')}: the parser needs fewer operands`);
    }
  }
  for (const condition of CONDITIONS) {
    const forms = syntaxOf(codes, condition, 0);
    if (forms.length === 0) problems.push(`condition ${condition}: not in code`);
    for (const form of forms)
      if (!parseBrain(`Sense Here 0 0 ${filled(form)}`).ok)
        problems.push(`condition ${form.join(' ')}: the parser refuses it`);
  }
  for (const word of [...SENSE_DIRS, ...TURNS])
    if (!codes.some((c) => c.length === 1 && c[0]!.toLowerCase() === word)) problems.push(`${word}: not in code`);
  return problems;
}

describe('the Ants page documents the whole brain language', () => {
  const app = createApp({ auth: 'optional' } as unknown as AppConfig);

  it('shows every instruction with its operands, every sense direction, condition and turn', async () => {
    const response = await app.request('http://127.0.0.1:8787/games/ants');
    expect(response.status).toBe(200);
    const section = rulesSection(await response.text());
    expect(section).not.toBe('');
    expect(missingFrom(section)).toEqual([]);
  });

  it('notices an instruction, a condition or an operand taken out of the rules', () => {
    const rules = readFileSync('src/games/ants/rules.md', 'utf8');
    const render = (source: string) => `id="rules">${String(Markdown({ source }))}`;
    expect(missingFrom(render(rules))).toEqual([]);
    const withoutFlip = rules.replace(/^- `Flip p st1 st2`.*$/m, '');
    expect(missingFrom(render(withoutFlip))).toContain('instruction flip: no syntax in code');
    const withoutFoeHome = rules.replace(/^- `FoeHome`.*$/m, '');
    expect(missingFrom(render(withoutFoeHome))).toContain('condition foehome: not in code');
    const shortMove = rules.replace('`Move st1 st2`', '`Move st1`');
    expect(missingFrom(render(shortMove))).toContain('instruction Move st1: the parser refuses it');
    const bareMarker = rules.replace('`Marker i`', '`Marker`');
    expect(missingFrom(render(bareMarker))).toContain('condition Marker: the parser refuses it');
  });
});
