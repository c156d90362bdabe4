// The Python compatibility layer's modules (src/sandbox/python/compat/*.py), for every runtime
// (Workers read no files): build/python-compat.js as { <module name>: <its Python source> }.
import { readdirSync, readFileSync } from 'node:fs';

const DIR = 'src/sandbox/python/compat';

export const PYTHON_COMPAT_DTS = 'declare const sources: Readonly<Record<string, string>>;\nexport default sources;\n';

/** build/python-compat.js, and how many modules it holds. */
export function pythonCompatModule() {
  const sources = {};
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith('.py'))
    .sort())
    sources[file.slice(0, -'.py'.length)] = readFileSync(`${DIR}/${file}`, 'utf8');
  return {
    source: `export default ${JSON.stringify(sources)};\n`,
    count: Object.keys(sources).length,
  };
}
