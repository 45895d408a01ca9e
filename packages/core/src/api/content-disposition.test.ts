import { describe, expect, it } from 'vitest'
import { downloadFilename, filenameFromContentDisposition } from './content-disposition.ts'

describe('filenameFromContentDisposition', () => {
  it.each([
    ['a token', 'attachment; filename=report.pdf', 'report.pdf'],
    [
      'a quoted name with spaces and a semicolon',
      'attachment; filename="my report; final.pdf"',
      'my report; final.pdf',
    ],
    ['escaped quotes inside a quoted name', String.raw`attachment; filename="say \"hi\".txt"`, 'say "hi".txt'],
    [
      'RFC 5987 UTF-8 (Korean)',
      "attachment; filename*=UTF-8''%EA%B0%95%EC%9D%98%EC%9E%90%EB%A3%8C%201%EC%A3%BC%EC%B0%A8.pdf",
      '강의자료 1주차.pdf',
    ],
    [
      'filename* over filename, whatever the order',
      'attachment; filename*=utf-8\'\'%ED%95%9C%EA%B8%80.zip; filename="fallback.zip"',
      '한글.zip',
    ],
    ['filename* with a language tag', "attachment; filename*=UTF-8'ko'%EC%88%98%EB%A3%8C%EC%A6%9D.png", '수료증.png'],
    ['ISO-8859-1 extended value', "attachment; filename*=iso-8859-1''caf%E9.txt", 'café.txt'],
    ['upper-case parameter names and odd spacing', 'ATTACHMENT ;  FILENAME = "x.csv"', 'x.csv'],
    ['inline disposition', 'inline; filename="view.html"', 'view.html'],
    ['a percent-encoded plain filename', 'attachment; filename="%EC%88%98%EA%B0%95.csv"', '수강.csv'],
    [
      'raw UTF-8 bytes that arrived as Latin-1 characters',
      `attachment; filename="${String.fromCharCode(...new TextEncoder().encode('강의.pdf'))}"`,
      '강의.pdf',
    ],
    ['a path, reduced to its last segment', 'attachment; filename="../../etc/passwd"', 'passwd'],
    ['a Windows path', String.raw`attachment; filename="C:\\temp\\x.txt"`, 'x.txt'],
  ])('%s', (_, header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected)
  })

  it.each([
    ['no header', null],
    ['empty header', ''],
    ['no filename parameter', 'attachment'],
    ['an empty filename', 'attachment; filename=""'],
    ['only dots', 'attachment; filename=".."'],
  ])('gives null for %s', (_, header) => {
    expect(filenameFromContentDisposition(header)).toBeNull()
  })

  it('falls back to filename when filename* has an unknown charset', () => {
    expect(filenameFromContentDisposition("attachment; filename*=koi8-r''x; filename=plain.txt")).toBe('plain.txt')
  })

  it.each(['UTF-8', 'ISO-8859-1'])(
    'falls back to filename when a filename* in %s has a broken escape (RFC 8187)',
    (charset) => {
      for (const broken of ['caf%E.txt', 'caf%.txt', '100%.txt', 'caf%ZZ.txt', 'caf%E']) {
        expect(filenameFromContentDisposition(`attachment; filename*=${charset}''${broken}; filename=plain.txt`)).toBe(
          'plain.txt',
        )
        expect(filenameFromContentDisposition(`attachment; filename*=${charset}''${broken}`)).toBeNull()
      }
    },
  )
})

describe('downloadFilename', () => {
  it('prefers the header', () => {
    expect(downloadFilename('attachment; filename=a.txt', 'https://api.test/files/b.txt')).toBe('a.txt')
  })

  it('falls back to the URL last segment, decoded', () => {
    expect(downloadFilename(null, 'https://api.test/files/%EC%9E%90%EB%A3%8C.pdf?x=1')).toBe('자료.pdf')
  })

  it('falls back to the given name, then to "download"', () => {
    expect(downloadFilename(null, 'https://api.test/', 'certificate.pdf')).toBe('certificate.pdf')
    expect(downloadFilename(undefined, 'https://api.test/')).toBe('download')
  })
})
