// Semantic tokens of OverPy documents. The server sends, beside the names
// it resolved (variables, player variables, subroutines, macros, enums,
// catalog calls), a token for every keyword, string, number, operator and
// comment, and for a directive its whole line. VS Code lets a semantic
// token's colour replace the grammar's, so those would flatten what the
// OverPy grammar tells apart: formatters, escapes and f-string
// expressions in strings, the parts of a directive, control keywords.
// For OverPy documents the extension keeps the resolved names only.

/** The token types the OverPy grammar colours itself. */
export const lexicalTypes: ReadonlySet<string> = new Set(['keyword', 'string', 'number', 'operator', 'comment']);

/**
 * withoutTypes returns semantic token data (LSP's relative encoding, five
 * numbers a token) without the tokens whose type, named by the legend's
 * tokenTypes, is in drop; the positions of the kept tokens are re-encoded.
 */
export function withoutTypes(data: ArrayLike<number>, tokenTypes: readonly string[], drop: ReadonlySet<string>): Uint32Array {
  const out: number[] = [];
  let line = 0;
  let char = 0;
  let keptLine = 0;
  let keptChar = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    const deltaLine = data[i];
    line += deltaLine;
    char = deltaLine === 0 ? char + data[i + 1] : data[i + 1];
    if (drop.has(tokenTypes[data[i + 3]])) continue;
    const dl = line - keptLine;
    out.push(dl, dl === 0 ? char - keptChar : char, data[i + 2], data[i + 3], data[i + 4]);
    keptLine = line;
    keptChar = char;
  }
  return Uint32Array.from(out);
}
