import { matchesWord, type WordMatcher } from '@coursekit/core/display'
import { getChoseong } from 'es-hangul'

/** A word typed as initial consonants only (ㄹㅇㅌ), as compatibility jamo or as conjoining ones. */
const INITIALS_ONLY = /^[\u1100-\u1112\u3131-\u314e]+$/u

/**
 * The catalogue's search as Korean learners type it: the core's own (the word inside the text,
 * spaces or not), or, for a word of initial consonants (초성), those of the text's syllables in a
 * row, spaces or not (ㄹㅇㅌ finds 리액트, ㅊㅇㅁㄴㄴ finds 처음 만나는). es-hangul (Toss, MIT) knows the
 * jamo; it loads with the catalogue's page, not on the first screen.
 */
export const hangulMatch: WordMatcher = (text, word) => {
  if (matchesWord(text, word)) return true
  if (!INITIALS_ONLY.test(word)) return false
  const initials = getChoseong(word)
  // Other letters stay, so initials never run on across a Latin word ("실무 React 완벽" is ㅅㅁReactㅇㅂ).
  return getChoseong(text, { keepNonHangul: true }).replace(/\s+/g, '').includes(initials)
}
