/**
 * A LIKE pattern that matches `text` anywhere, literally: %, _ and the escape character itself lose
 * their wildcard meaning. Use it as `name ILIKE $1 ESCAPE '\'` with the pattern bound as $1.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}

/** The same, anchored at the start: names that begin with `text`. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}
