// A numeric command-line option of a bench script: `--name N`, or `fallback` without it.
export const numberOption = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
