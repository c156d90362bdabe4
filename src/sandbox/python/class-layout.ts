/**
 * What MicroPython forgets about a class body and CPython keeps: the order
 * of its assignments and its annotated fields (MicroPython drops `x: int`
 * without a value, keeps no `__annotations__`, and orders a class's dict by
 * hash). `dataclasses` and `enum` of the compatibility layer need both, so
 * they are read from the bot's source text, by indentation, as a Python
 * literal the prelude hands those modules. A class defined twice under one
 * name keeps its last body.
 */

/** One name a class body binds: 0 assigned, 1 annotated without a value, 2 annotated with one. */
type Binding = readonly [name: string, kind: 0 | 1 | 2];

const CLASS_LINE = /^(\s*)class\s+([A-Za-z_]\w*)/;
const ANNOTATED = /^([A-Za-z_]\w*)\s*:\s*[^=]+?(=(?!=).*)?$/;
const ASSIGNED = /^([A-Za-z_]\w*)\s*=(?!=)/;

const indentOf = (line: string): number => line.length - line.trimStart().length;
const isCode = (line: string): boolean => line.trim() !== '' && !line.trimStart().startsWith('#');

export function classLayouts(source: string): Map<string, Binding[]> {
  const lines = source.split(/\r?\n/);
  const layouts = new Map<string, Binding[]>();
  lines.forEach((line, at) => {
    const head = CLASS_LINE.exec(line);
    if (!head) return;
    const outer = head[1]!.length;
    let body = -1;
    const bindings: Binding[] = [];
    for (let k = at + 1; k < lines.length; k++) {
      const text = lines[k]!;
      if (!isCode(text)) continue;
      const indent = indentOf(text);
      if (indent <= outer) break;
      if (body < 0) body = indent;
      if (indent !== body) continue;
      const stmt = text.trim();
      const annotated = ANNOTATED.exec(stmt);
      if (annotated) bindings.push([annotated[1]!, annotated[2] ? 2 : 1]);
      else {
        const assigned = ASSIGNED.exec(stmt);
        if (assigned) bindings.push([assigned[1]!, 0]);
      }
    }
    layouts.set(head[2]!, bindings);
  });
  return layouts;
}

/** The layouts as a Python dict literal: {'Name': (('field', kind), ...)}. */
export function layoutsLiteral(layouts: Map<string, Binding[]>): string {
  const entries = [...layouts].map(
    ([name, bindings]) =>
      `'${name}': (${bindings.map(([n, k]) => `('${n}', ${k})`).join(', ')}${bindings.length === 1 ? ',' : ''})`,
  );
  return `{${entries.join(', ')}}`;
}
