/** "1 user", "2 users", "1,000 users": a count with its noun in the right number, for people. */
export function counted(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : pluralNoun}`
}
