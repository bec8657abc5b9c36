// Files in legacy encodings and files that are not valid in their encoding, through the
// built package: which encoding readFile reports, what it shows, and the bytes every
// edit leaves on disk. Expected bytes come from iconv-lite (an encoder independent of
// eol-edit's) or from hex literals, never from eol-edit itself.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { spawn, spawnSync } from 'node:child_process'

import * as iconv from 'iconv-lite'
import { afterEach, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { createTools } from '../tools.js'

const isWindows = process.platform === 'win32'
const made: string[] = []

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-enc-'))
  // Stop the settings-file search here, so nothing above the temp folder leaks in.
  fs.writeFileSync(path.join(dir, '.editorconfig'), 'root = true\n')
  fs.mkdirSync(path.join(dir, '.git'))
  made.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (e) {
    return (e as { code?: string }).code
  }
  return undefined
}

// ---------------------------------------------------------------------------
// Real text in each family

interface Family {
  /** What the test is called. */
  name: string
  /** iconv-lite's name for the encoding. */
  iconv: string
  /** The WHATWG name readFile reports. */
  whatwg: string
  /** A comment line in the language. */
  comment: string
  /** What the comment becomes in the edit of a non-ASCII line. */
  edited: string
  /** A new line of text in the language. */
  added: string
  /** A character the encoding cannot hold. */
  unmappable: string
  /** More text, for the detector. */
  prose: string
}

const EMOJI = '\u{1F600}'

const families: Family[] = [
  {
    name: 'Chinese in GBK',
    iconv: 'gbk',
    whatwg: 'gbk',
    comment: '// 计算两个整数的和，并返回结果',
    edited: '// 计算两个整数的差，并返回结果',
    added: '    // 新增的中文注释：检查溢出',
    unmappable: EMOJI,
    prose: '// 这是一个简单的示例程序，用于说明如何在源代码中使用中文注释。我们希望编辑器能够正确地读取和保存这些文字。',
  },
  {
    name: 'Chinese in GB18030',
    iconv: 'gb18030',
    whatwg: 'gb18030',
    comment: '// 计算两个整数的和，并返回结果',
    edited: '// 计算两个整数的积（𠀀），并返回结果',
    added: '    // 新增注释：扩展汉字 𠀁 也能写入',
    // The one code point the WHATWG gb18030 encoder refuses.
    unmappable: '\u{E5E5}',
    prose: '// 这是一个简单的示例程序，用于说明如何在源代码中使用中文注释。我们希望编辑器能够正确地读取和保存这些文字。',
  },
  {
    name: 'Japanese in Shift_JIS',
    iconv: 'shift_jis',
    whatwg: 'shift_jis',
    comment: '// 二つの整数の和を計算して返す',
    edited: '// 二つの整数の差を計算して返す',
    added: '    // 新しいコメント：桁あふれを確認する',
    unmappable: EMOJI,
    prose: '// これは、ソースコードの中で日本語のコメントを使う方法を示す簡単なサンプルです。エディターが文字を正しく読み書きできることを確かめます。',
  },
  {
    name: 'Japanese in EUC-JP',
    iconv: 'euc-jp',
    whatwg: 'euc-jp',
    comment: '// 二つの整数の和を計算して返す',
    edited: '// 二つの整数の差を計算して返す',
    added: '    // 新しいコメント：桁あふれを確認する',
    unmappable: EMOJI,
    prose: '// これは、ソースコードの中で日本語のコメントを使う方法を示す簡単なサンプルです。エディターが文字を正しく読み書きできることを確かめます。',
  },
  {
    name: 'Korean in EUC-KR',
    iconv: 'euc-kr',
    whatwg: 'euc-kr',
    comment: '// 두 정수의 합을 계산하여 반환한다',
    edited: '// 두 정수의 차를 계산하여 반환한다',
    added: '    // 새 주석: 오버플로를 확인한다',
    unmappable: EMOJI,
    prose: '// 이것은 소스 코드에서 한국어 주석을 사용하는 방법을 보여 주는 간단한 예제입니다. 편집기가 글자를 올바르게 읽고 저장해야 합니다.',
  },
  {
    name: 'Traditional Chinese in Big5',
    iconv: 'big5',
    whatwg: 'big5',
    comment: '// 計算兩個整數的總和並傳回結果',
    edited: '// 計算兩個整數的差值並傳回結果',
    added: '    // 新增的中文註解：檢查溢位',
    unmappable: EMOJI,
    prose: '// 這是一個簡單的範例程式，用來說明如何在原始碼中使用中文註解。我們希望編輯器能夠正確地讀取與儲存這些文字。',
  },
  {
    name: 'German in windows-1252',
    iconv: 'windows-1252',
    whatwg: 'windows-1252',
    comment: '// Berechnet die Größe der Übergabe für Äpfel',
    edited: '// Berechnet die Länge der Übergabe für Öl',
    added: '    // Prüfe den Überlauf, weiß der Kuckuck',
    unmappable: 'ł',
    prose: '// Dieses Beispiel zeigt, wie Umlaute in Quelltexten vorkommen: Größe, Übung, Ärger, schön, Straße, fünf, müde und Grüße.',
  },
  {
    name: 'German in ISO-8859-15',
    iconv: 'iso-8859-15',
    whatwg: 'iso-8859-15',
    comment: '// Berechnet die Größe der Übergabe für Äpfel',
    edited: '// Berechnet den Preis in € für Öl',
    added: '    // Prüfe den Überlauf, weiß der Kuckuck',
    unmappable: 'ł',
    prose: '// Dieses Beispiel zeigt, wie Umlaute in Quelltexten vorkommen: Größe, Übung, Ärger, schön, Straße, fünf, müde und Grüße.',
  },
  {
    name: 'Polish in windows-1250',
    iconv: 'windows-1250',
    whatwg: 'windows-1250',
    comment: '// Oblicza sumę dwóch liczb całkowitych',
    edited: '// Oblicza różnicę dwóch liczb całkowitych',
    added: '    // Zażółć gęślą jaźń: sprawdź przepełnienie',
    unmappable: 'Ж',
    prose: '// Ten przykład pokazuje, jak polskie znaki pojawiają się w kodzie źródłowym: zażółć gęślą jaźń, źdźbło, łódź, ćma, śnieg i żółw.',
  },
  {
    name: 'Polish in ISO-8859-2',
    iconv: 'iso-8859-2',
    whatwg: 'iso-8859-2',
    comment: '// Oblicza sumę dwóch liczb całkowitych',
    edited: '// Oblicza różnicę dwóch liczb całkowitych',
    added: '    // Zażółć gęślą jaźń: sprawdź przepełnienie',
    unmappable: 'Ж',
    prose: '// Ten przykład pokazuje, jak polskie znaki pojawiają się w kodzie źródłowym: zażółć gęślą jaźń, źdźbło, łódź, ćma, śnieg i żółw.',
  },
  {
    name: 'Russian in windows-1251',
    iconv: 'windows-1251',
    whatwg: 'windows-1251',
    comment: '// Вычисляет сумму двух целых чисел',
    edited: '// Вычисляет разность двух целых чисел',
    added: '    // Новый комментарий: проверить переполнение',
    unmappable: 'ł',
    prose: '// Этот пример показывает, как русский текст встречается в исходном коде: комментарии, сообщения об ошибках и строки для пользователя.',
  },
  {
    name: 'Russian in ISO-8859-5',
    iconv: 'iso-8859-5',
    whatwg: 'iso-8859-5',
    comment: '// Вычисляет сумму двух целых чисел',
    edited: '// Вычисляет разность двух целых чисел',
    added: '    // Новый комментарий: проверить переполнение',
    unmappable: 'ł',
    prose: '// Этот пример показывает, как русский текст встречается в исходном коде: комментарии, сообщения об ошибках и строки для пользователя.',
  },
  {
    name: 'Russian in KOI8-R',
    iconv: 'koi8-r',
    whatwg: 'koi8-r',
    comment: '// Вычисляет сумму двух целых чисел',
    edited: '// Вычисляет разность двух целых чисел',
    added: '    // Новый комментарий: проверить переполнение',
    unmappable: 'ł',
    prose: '// Этот пример показывает, как русский текст встречается в исходном коде: комментарии, сообщения об ошибках и строки для пользователя.',
  },
]

/** The lines of the test file: non-ASCII at the top, plain code far below. */
function linesOf(f: Family): string[] {
  const lines = [f.comment, 'int add(int a, int b) {', '    return a + b;', '}', f.prose]
  for (let i = 0; i < 12; i++) lines.push(`int unused${i} = 0;`)
  lines.push('// end')
  return lines
}

/** Each line's ending: all CRLF, or mixed (CRLF the majority, LF and lone CR too). */
function endingsOf(kind: 'crlf' | 'mixed', count: number): string[] {
  const mixed = ['\r\n', '\n', '\r\n', '\r\n', '\r', '\r\n', '\n']
  return Array.from({ length: count }, (_, i) => (kind === 'crlf' ? '\r\n' : mixed[i % mixed.length]))
}

function join(lines: string[], endings: string[]): string {
  return lines.map((l, i) => l + endings[i]).join('')
}

describe.each(families)('$name', (f) => {
  describe.each(['crlf', 'mixed'] as const)('with %s endings', (kind) => {
    const lines = linesOf(f)
    const endings = endingsOf(kind, lines.length)
    const text = join(lines, endings)
    const encode = (t: string) => iconv.encode(t, f.iconv)

    function setup(): { file: string; original: Buffer } {
      const dir = tmp()
      const file = path.join(dir, 'code.c')
      const original = encode(text)
      fs.writeFileSync(file, original)
      return { file, original }
    }

    const opts = { encoding: f.whatwg }

    it('is read as real characters in its encoding', () => {
      const { file } = setup()
      const r = eol.readFileSync(file, opts)
      expect(r.encoding).toBe(f.whatwg)
      expect(r.content).toBe(lines.join('\n') + '\n')
      expect(r.warnings).toEqual([])
    })

    it('edits a line with non-ASCII text, keeping every other byte', () => {
      const { file } = setup()
      const r = eol.editFileSync(file, f.comment, f.edited, opts)
      expect(r.changed).toBe(true)
      const want = join([f.edited, ...lines.slice(1)], endings)
      expect(fs.readFileSync(file).equals(encode(want))).toBe(true)
    })

    it('adds a line of new non-ASCII text with the file’s dominant ending', () => {
      const { file } = setup()
      eol.editFileSync(file, 'int add(int a, int b) {', `int add(int a, int b) {\n${f.added}`, opts)
      const want =
        join(lines.slice(0, 1), endings) +
        `int add(int a, int b) {\r\n${f.added}${endings[1]}` +
        join(lines.slice(2), endings.slice(2))
      expect(fs.readFileSync(file).equals(encode(want))).toBe(true)
    })

    it('edits a line far from the non-ASCII text', () => {
      const { file } = setup()
      eol.editFileSync(file, 'int unused9 = 0;', 'int unused9 = 1;', opts)
      const want = text.replace('int unused9 = 0;', 'int unused9 = 1;')
      expect(fs.readFileSync(file).equals(encode(want))).toBe(true)
    })

    it('writes back what was read without changing a byte, and keeps them when a line is added', () => {
      const { file, original } = setup()
      const read = eol.readFileSync(file, opts)
      const same = eol.writeFileSync(file, read.content, opts)
      expect(same.changed).toBe(false)
      expect(fs.readFileSync(file).equals(original)).toBe(true)
      eol.writeFileSync(file, read.content + f.added + '\n', opts)
      const dominant = kind === 'crlf' ? '\r\n' : '\r\n'
      expect(fs.readFileSync(file).equals(Buffer.concat([original, encode(f.added + dominant)]))).toBe(true)
    })

    it('refuses a character the encoding cannot hold and writes nothing', () => {
      const { file, original } = setup()
      let error: { code?: string; message?: string; lines?: number[] } = {}
      try {
        eol.editFileSync(file, 'int unused5 = 0;', `int unused5 = 0; // ${f.unmappable}`, opts)
      } catch (e) {
        error = e as typeof error
      }
      expect(error.code).toBe('ENCODING_UNMAPPABLE')
      const hex = f.unmappable.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
      expect(error.message).toContain(`U+${hex}`)
      expect(error.message).toContain(`line ${lines.indexOf('int unused5 = 0;') + 1}`)
      expect(error.message).toContain(f.whatwg)
      expect(fs.readFileSync(file).equals(original)).toBe(true)
    })
  })

  it('is detected from the bytes when nothing declares it, and the guess is named', () => {
    const dir = tmp()
    const file = path.join(dir, 'notes.txt')
    const lines = [f.prose, f.comment, f.added.trim(), f.prose]
    fs.writeFileSync(file, iconv.encode(lines.join('\r\n') + '\r\n', f.iconv))
    const r = eol.readFileSync(file)
    // ISO-8859-15 differs from windows-1252 in eight symbols, none of them in this
    // text: the detector rightly calls it windows-1252, which reads it the same.
    expect(r.encoding).toBe(f.whatwg === 'iso-8859-15' ? 'windows-1252' : f.whatwg)
    expect(r.content).toBe(lines.join('\n') + '\n')
    expect(r.warnings.join(' ')).toContain(`detected as ${r.encoding}`)
  })
})

// ---------------------------------------------------------------------------
// Byte-exact round trips of bytes the view cannot show

describe('bytes that are not valid in the file’s encoding', () => {
  it('keeps a Latin-1 é the view shows as U+FFFD when what was read is written back plus a line', () => {
    const dir = tmp()
    const file = path.join(dir, 'latin.txt')
    // 0x81 is no character in windows-1252, so no encoding is likely: UTF-8 view.
    const original = Buffer.from('caf\xe9 \x81\r\nsecond line\r\n', 'latin1')
    fs.writeFileSync(file, original)
    const r = eol.readFileSync(file)
    expect(r.encoding).toBe('utf-8')
    expect(r.content).toBe('caf\uFFFD \uFFFD\nsecond line\n')
    expect(r.warnings.join(' ')).toContain('U+FFFD')
    eol.writeFileSync(file, r.content + 'third\n')
    expect(fs.readFileSync(file).equals(Buffer.concat([original, Buffer.from('third\r\n')]))).toBe(true)
  })

  it('keeps a detected Latin-1 é byte-exact through the same round trip', () => {
    const dir = tmp()
    const file = path.join(dir, 'latin.txt')
    const original = Buffer.from('caf\xe9 au lait\r\nsecond line\r\n', 'latin1')
    fs.writeFileSync(file, original)
    const r = eol.readFileSync(file)
    expect(r.content).toBe('café au lait\nsecond line\n')
    eol.writeFileSync(file, r.content + 'third\n')
    expect(fs.readFileSync(file).equals(Buffer.concat([original, Buffer.from('third\r\n')]))).toBe(true)
  })

  it('keeps an invalid byte on a line whose other words are edited', () => {
    const dir = tmp()
    const file = path.join(dir, 'bad.txt')
    fs.writeFileSync(file, Buffer.from([0x61, 0x81, 0x20, 0x6f, 0x6c, 0x64, 0x0d, 0x0a]))
    eol.editFileSync(file, 'old', 'new', { encoding: 'utf-8' })
    expect([...fs.readFileSync(file)]).toEqual([0x61, 0x81, 0x20, 0x6e, 0x65, 0x77, 0x0d, 0x0a])
  })

  it('shows a lone UTF-16 surrogate as one U+FFFD and keeps its two bytes through a round trip', () => {
    const dir = tmp()
    const file = path.join(dir, 'u16.txt')
    // FF FE, "a", lone high surrogate D800, "b", CR LF
    const original = Buffer.from([0xff, 0xfe, 0x61, 0, 0x00, 0xd8, 0x62, 0, 0x0d, 0, 0x0a, 0])
    fs.writeFileSync(file, original)
    const r = eol.readFileSync(file)
    expect(r.content).toBe('a\uFFFDb\n')
    expect(eol.writeFileSync(file, r.content).changed).toBe(false)
    eol.writeFileSync(file, r.content + 'c\n')
    expect([...fs.readFileSync(file)]).toEqual([...original, 0x63, 0, 0x0d, 0, 0x0a, 0])
  })

  it('keeps the odd last byte of a UTF-16 file through an edit', () => {
    const dir = tmp()
    const file = path.join(dir, 'odd.txt')
    fs.writeFileSync(file, Buffer.from([0xff, 0xfe, 0x61, 0, 0x0d, 0, 0x0a, 0, 0x62, 0, 0x41]))
    eol.editFileSync(file, 'b', 'B')
    expect([...fs.readFileSync(file)]).toEqual([0xff, 0xfe, 0x61, 0, 0x0d, 0, 0x0a, 0, 0x42, 0, 0x41])
  })

  it('keeps the byte form of a Shift_JIS character that has two, on a kept line', () => {
    const dir = tmp()
    const file = path.join(dir, 'sjis.txt')
    // ED 40 and FA 5C both decode to U+7E8A; the encoder writes FA 5C.
    fs.writeFileSync(file, Buffer.from([0xed, 0x40, 0x0d, 0x0a, 0x78, 0x0d, 0x0a]))
    const r = eol.readFileSync(file, { encoding: 'shift_jis' })
    expect(r.content).toBe('\u7E8A\nx\n')
    eol.writeFileSync(file, r.content.replace('x', 'y'), { encoding: 'shift_jis' })
    expect([...fs.readFileSync(file)]).toEqual([0xed, 0x40, 0x0d, 0x0a, 0x79, 0x0d, 0x0a])
  })
})

// ---------------------------------------------------------------------------
// Half of a character: a model's text cut off inside an emoji

describe('half of a character in new text', () => {
  // A lone surrogate is what a JSON text cut between an emoji's two \u escapes holds.
  // UTF-8 has no bytes for it (written as WTF-8 it made the file invalid UTF-8), and
  // a UTF-16 file took it as three U+FFFD: it is refused, whatever the encoding.
  const FILES: Array<[string, Buffer, { encoding: string }?]> = [
    ['utf-8 CRLF', Buffer.from('one\r\ntwo\r\n')],
    ['utf-8 BOM, mixed', Buffer.from('\ufeffone\ntwo\r\n')],
    ['lone CR', Buffer.from('one\rtwo\r')],
    ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('one\r\ntwo\r\n', 'utf16le')])],
    ['gbk', iconv.encode('你好\r\ntwo\r\n', 'gbk'), { encoding: 'gbk' }],
  ]

  it.each(FILES)('%s: every file function refuses it with INVALID_ARGUMENT and the line, the file untouched', async (_, bytes, options) => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, bytes)
    const refused = expect.objectContaining({ code: 'INVALID_ARGUMENT', lines: [2], message: expect.stringContaining('U+D83D, a lone surrogate') })
    const calls: Array<[string, () => unknown]> = [
      ['editFileSync', () => eol.editFileSync(file, 'two', 'two \ud83d', options)],
      ['multiEditSync', () => eol.multiEditSync(file, [{ oldText: 'two', newText: '\ud83d' }], options)],
      ['writeFileSync', () => eol.writeFileSync(file, 'one\n\ud83d\n', options)],
      ['prepareEditSync', () => eol.prepareEditSync(file, 'two', '\ud83d', options)],
      ['applyPatchSync', () => eol.applyPatchSync(`*** Begin Patch\n*** Update File: f.txt\n@@\n-two\n+two\ud83d\n*** End Patch`, { cwd: dir, ...options })],
      ['applyEdits on the Buffer', () => eol.applyEdits(bytes, [{ oldText: 'two', newText: '\ud83d' }], options)],
    ]
    for (const [name, call] of calls) expect(call, name).toThrow(refused)
    await expect(eol.editFile(file, 'two', '\ud83d', options)).rejects.toThrow(refused)
    expect(fs.readFileSync(file).equals(bytes)).toBe(true)
  })

  it('a new file, a low half alone, and the edit_file tool: refused; a whole emoji is written', async () => {
    const dir = tmp()
    expect(() => eol.writeFileSync(path.join(dir, 'new.txt'), 'a\n\ude00')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', lines: [2] }))
    expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, 'one\r\ntwo\r\n')
    const tools = createTools({ root: dir })
    const cut = await tools.edit_file.execute({ path: 'f.txt', old_text: 'two', new_text: 'two \ud83d' })
    expect([cut.success, cut.error, cut.data]).toEqual([false, 'INVALID_ARGUMENT', expect.stringContaining('half of a character on line 2 (U+D83D')])
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\ntwo\r\n')
    expect((await tools.edit_file.execute({ path: 'f.txt', old_text: 'two', new_text: 'two \ud83d\ude00' })).success).toBe(true)
    expect(fs.readFileSync(file)).toEqual(Buffer.from('one\r\ntwo \u{1F600}\r\n'))
  })
})

// ---------------------------------------------------------------------------
// Which encoding: options, settings files, BOMs

describe('which encoding a file is read and written in', () => {
  const gbk = iconv.encode('中文注释\r\n', 'gbk')

  it('takes .editorconfig charset and .gitattributes working-tree-encoding, the caller’s option first', () => {
    const dir = tmp()
    fs.writeFileSync(path.join(dir, '.editorconfig'), 'root = true\n[*.c]\ncharset = latin1\n')
    fs.writeFileSync(path.join(dir, '.gitattributes'), '*.h working-tree-encoding=GBK\n')
    fs.writeFileSync(path.join(dir, 'a.c'), Buffer.from('Gr\xfc\xdfe\n', 'latin1'))
    fs.writeFileSync(path.join(dir, 'a.h'), gbk)
    const c = eol.readFileSync(path.join(dir, 'a.c'))
    expect([c.encoding, c.content, c.warnings]).toEqual(['windows-1252', 'Grüße\n', []])
    const h = eol.readFileSync(path.join(dir, 'a.h'))
    expect([h.encoding, h.content, h.warnings]).toEqual(['gbk', '中文注释\n', []])
    const forced = eol.readFileSync(path.join(dir, 'a.c'), { encoding: 'iso-8859-5' })
    expect(forced.encoding).toBe('iso-8859-5')
  })

  it('writes a new file in the declared charset, and in the caller’s encoding option', () => {
    const dir = tmp()
    fs.writeFileSync(path.join(dir, '.editorconfig'), 'root = true\n[*.txt]\ncharset = latin1\nend_of_line = crlf\n')
    eol.writeFileSync(path.join(dir, 'new.txt'), 'Grüße\n')
    expect(fs.readFileSync(path.join(dir, 'new.txt')).equals(Buffer.from('Gr\xfc\xdfe\r\n', 'latin1'))).toBe(true)
    eol.writeFileSync(path.join(dir, 'new.md'), '中文\n', { encoding: 'gbk' })
    expect(fs.readFileSync(path.join(dir, 'new.md')).equals(iconv.encode('中文\n', 'gbk'))).toBe(true)
  })

  it('reads valid UTF-8 as UTF-8 whatever the option says, and says so', () => {
    const dir = tmp()
    const file = path.join(dir, 'u.txt')
    fs.writeFileSync(file, '中文\n')
    const r = eol.readFileSync(file, { encoding: 'gbk' })
    expect(r.encoding).toBe('utf-8')
    expect(r.warnings.join(' ')).toContain('valid UTF-8')
  })

  it('refuses unknown and uneditable encoding labels before touching the file', () => {
    const dir = tmp()
    const file = path.join(dir, 'x.txt')
    fs.writeFileSync(file, 'x\n')
    expect(codeOf(() => eol.readFileSync(file, { encoding: 'klingon' }))).toBe('INVALID_ARGUMENT')
    expect(codeOf(() => eol.editFileSync(file, 'x', 'y', { encoding: 'iso-2022-jp' }))).toBe('INVALID_ARGUMENT')
    expect(fs.readFileSync(file, 'utf8')).toBe('x\n')
  })
})

describe('every file function on a legacy file', () => {
  const text = '// 第一行：中文\r\nint a = 1;\r\n// 第三行：注释\r\nint b = 2;\r\n'
  function setup(): string {
    const file = path.join(tmp(), 'legacy.c')
    fs.writeFileSync(file, iconv.encode(text, 'gbk'))
    return file
  }

  it('convertEol changes the endings and keeps the encoding', async () => {
    const file = setup()
    await eol.convertEol(file, 'lf', { encoding: 'gbk' })
    expect(fs.readFileSync(file).equals(iconv.encode(text.replace(/\r\n/g, '\n'), 'gbk'))).toBe(true)
  })

  it('multiEdit and deleteRange write in the file’s encoding', async () => {
    const file = setup()
    await eol.multiEdit(
      file,
      [
        { oldText: '第一行', newText: '首行' },
        { oldText: 'int b = 2;', newText: 'int b = 3; // 改' },
      ],
      { encoding: 'gbk' },
    )
    const edited = text.replace('第一行', '首行').replace('int b = 2;', 'int b = 3; // 改')
    expect(fs.readFileSync(file).equals(iconv.encode(edited, 'gbk'))).toBe(true)
    eol.deleteRangeSync(file, 2, 3, { inclusive: true, encoding: 'gbk' })
    expect(fs.readFileSync(file).equals(iconv.encode('// 首行：中文\r\nint b = 3; // 改\r\n', 'gbk'))).toBe(true)
  })

  it('applyEdits on a Buffer decodes and writes it like a file', () => {
    const out = eol.applyEdits(iconv.encode(text, 'gbk'), [{ oldText: '注释', newText: '说明' }])
    expect(Buffer.isBuffer(out.content)).toBe(true)
    expect((out.content as Buffer).equals(iconv.encode(text.replace('注释', '说明'), 'gbk'))).toBe(true)
  })
})

describe('convertEncoding', () => {
  it('converts UTF-8 to GBK and back, keeping the endings', async () => {
    const dir = tmp()
    const file = path.join(dir, 'c.txt')
    fs.writeFileSync(file, '中文\r\nmixed\nend\r\n')
    const r = await eol.convertEncoding(file, 'gbk')
    expect(r.changed).toBe(true)
    expect(fs.readFileSync(file).equals(iconv.encode('中文\r\nmixed\nend\r\n', 'gbk'))).toBe(true)
    expect(eol.readFileSync(file).encoding).toBe('gbk')
    eol.convertEncodingSync(file, 'utf-8', { encoding: 'gbk' })
    expect(fs.readFileSync(file, 'utf8')).toBe('中文\r\nmixed\nend\r\n')
  })

  it('writes UTF-16 with its BOM and UTF-8 with one only when asked', () => {
    const dir = tmp()
    const file = path.join(dir, 'c.txt')
    fs.writeFileSync(file, 'é\n')
    eol.convertEncodingSync(file, 'utf-16le')
    expect([...fs.readFileSync(file)]).toEqual([0xff, 0xfe, 0xe9, 0, 0x0a, 0])
    eol.convertEncodingSync(file, 'utf-8', { bom: true })
    expect([...fs.readFileSync(file)]).toEqual([0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0x0a])
  })

  it('refuses what the target cannot hold, and a conversion that changes nothing', () => {
    const dir = tmp()
    const file = path.join(dir, 'c.txt')
    fs.writeFileSync(file, 'ok\nсмайл 😀\n')
    let error: { code?: string; message?: string } = {}
    try {
      eol.convertEncodingSync(file, 'windows-1251')
    } catch (e) {
      error = e as typeof error
    }
    expect(error.code).toBe('ENCODING_UNMAPPABLE')
    expect(error.message).toContain('U+1F600')
    expect(error.message).toContain('line 2')
    expect(fs.readFileSync(file, 'utf8')).toBe('ok\nсмайл 😀\n')
    expect(codeOf(() => eol.convertEncodingSync(file, 'utf-8'))).toBe('NO_CHANGE')
  })
})

// ---------------------------------------------------------------------------
// Hostile settings files

describe('large legacy files edited again and again', () => {
  // From 256 KiB on, the text an edit wrote is carried over to the next call on the same
  // bytes instead of being decoded again. Each step is checked against iconv-lite's bytes
  // for the text the edits should have made, and a read in between must show that text.
  const cases = [
    { name: 'GBK, declared', iconv: 'gbk', option: 'gbk', line: (i: number) => `// 第${i}行：中文注释，检查结果` },
    { name: 'GBK, detected', iconv: 'gbk', option: undefined, line: (i: number) => `// 第${i}行：中文注释，检查结果` },
    { name: 'Shift_JIS', iconv: 'shift_jis', option: 'shift_jis', line: (i: number) => `// 第${i}行：日本語の説明、確認` },
  ]
  it.each(cases)('$name: every edit leaves the bytes of its text', (c) => {
    const dir = tmp()
    const file = path.join(dir, 'big.ts')
    const endings = ['\r\n', '\n', '\r\n', '\r']
    let text = ''
    for (let i = 0; text.length < 200_000; i++) text += `${c.line(i)}${endings[i % 4]}x${i} = ${i};${endings[(i + 1) % 4]}`
    fs.writeFileSync(file, iconv.encode(text, c.iconv))
    expect(fs.statSync(file).size).toBeGreaterThan(256 * 1024)
    const options = c.option ? { encoding: c.option } : {}
    const check = () => {
      expect(fs.readFileSync(file).equals(iconv.encode(text, c.iconv))).toBe(true)
    }
    const replace = (oldText: string, newText: string) => {
      const at = text.indexOf(oldText)
      expect(at).toBeGreaterThanOrEqual(0)
      text = text.slice(0, at) + newText + text.slice(at + oldText.length)
    }
    for (let round = 0; round < 6; round++) {
      const n = 100 + round * 613
      // One line in the middle, with non-ASCII text.
      eol.editFileSync(file, c.line(n), c.line(n) + `（改${round}）`, options)
      replace(c.line(n), c.line(n) + `（改${round}）`)
      check()
      // The first and the last line, and one far away, in one call.
      eol.multiEditSync(
        file,
        [
          { oldText: `${c.line(0)}`, newText: `${c.line(0)}${round}` },
          { oldText: `x${n + 500} = ${n + 500};`, newText: `x${n + 500} = ${round};` },
        ],
        options,
      )
      replace(c.line(0), `${c.line(0)}${round}`)
      replace(`x${n + 500} = ${n + 500};`, `x${n + 500} = ${round};`)
      check()
      // What a read shows is the text; writing it back plus a line changes only that line.
      const read = eol.readFileSync(file, { ...options, limit: 1_000_000 })
      expect(read.encoding).toBe(c.iconv === 'gbk' ? 'gbk' : 'shift_jis')
      expect(read.content).toBe(text.replace(/\r\n?/g, '\n'))
      eol.writeFileSync(file, read.content + `${c.line(9999)}\n`, options)
      text += `${c.line(9999)}\r\n`
      check()
      // A line deleted, then one inserted at the very start.
      eol.editFileSync(file, `x${n + 900} = ${n + 900};`, '', options)
      replace(`x${n + 900} = ${n + 900};`, '')
      eol.editFileSync(file, text.slice(0, text.indexOf('：')), `新${text.slice(0, text.indexOf('：'))}`, options)
      text = `新${text}`
      check()
    }
  })
})

describe.skipIf(isWindows)('hostile settings files', () => {
  it('a FIFO named .editorconfig does not hold up writeFile of a new file', async () => {
    const dir = tmp()
    fs.rmSync(path.join(dir, '.editorconfig'))
    const made = spawnSync('mkfifo', [path.join(dir, '.editorconfig')])
    expect(made.status).toBe(0)
    const started = Date.now()
    const r = await eol.writeFile(path.join(dir, 'new.txt'), 'a\nb\n')
    expect(Date.now() - started).toBeLessThan(1000)
    expect(r.changed).toBe(true)
    expect(fs.readFileSync(path.join(dir, 'new.txt'), 'utf8')).toBe('a\nb\n')
  })

  it('a committed .editorconfig link to /dev/zero or /dev/stdin is skipped', async () => {
    for (const target of ['/dev/zero', '/dev/stdin']) {
      const dir = tmp()
      fs.rmSync(path.join(dir, '.editorconfig'))
      fs.symlinkSync(target, path.join(dir, '.editorconfig'))
      fs.symlinkSync(target, path.join(dir, '.gitattributes'))
      // A child whose stdin is a pipe nobody writes to: reading it would block.
      const child = spawn(process.execPath, [
        '-e',
        `require(${JSON.stringify(path.resolve(__dirname, '..'))}).writeFileSync(${JSON.stringify(
          path.join(dir, 'new.txt'),
        )}, 'x\\n'); console.log('done')`,
      ])
      const out = await new Promise<string>((resolve) => {
        let text = ''
        const timer = setTimeout(() => {
          child.kill()
          resolve('timed out')
        }, 5000)
        child.stdout.on('data', (d) => (text += d))
        child.on('exit', () => {
          clearTimeout(timer)
          resolve(text.trim())
        })
      })
      expect(out).toBe('done')
      expect(fs.readFileSync(path.join(dir, 'new.txt'), 'utf8')).toBe('x\n')
    }
  })
})

// ---------------------------------------------------------------------------
// Legacy files with only a few non-ASCII characters, read without any declaration

describe('a legacy source with a dozen accented characters is detected and edited byte-exactly', () => {
  // The case of the report: 14 non-ASCII characters, two of them standing alone (à, €).
  const pascal = [
    'program Kasse;',
    '{ Berechnet die Beträge für jede Position }',
    'var',
    '  Preis: Real;',
    'begin',
    "  WriteLn('Stück à 2,50 €');",
    '  { Die Summe für alle Stücke, zurückgegeben }',
    '  Preis := 2.5;',
    "  WriteLn('Grüße');",
    '  { Rückgabe: Größe des Korbs, über alles }',
    'end.',
  ]

  it('reads a windows-1252 Pascal file with 14 non-ASCII characters as windows-1252, and writes ü as fc', () => {
    const text = pascal.join('\r\n') + '\r\n'
    expect([...text].filter((c) => c.codePointAt(0)! > 127)).toHaveLength(14)
    const file = path.join(tmp(), 'kasse.pas')
    fs.writeFileSync(file, iconv.encode(text, 'windows-1252'))
    const r = eol.readFileSync(file)
    expect(r.encoding).toBe('windows-1252')
    expect(r.content).toBe(pascal.join('\n') + '\n')
    expect(r.warnings.join(' ')).toContain('detected as windows-1252')
    eol.editFileSync(file, "WriteLn('Grüße');", "WriteLn('Bücher');")
    const bytes = fs.readFileSync(file)
    expect(bytes.equals(iconv.encode(text.replace('Grüße', 'Bücher'), 'windows-1252'))).toBe(true)
    expect(bytes.includes(Buffer.from([0x42, 0xfc, 0x63]))).toBe(true)
    expect(bytes.includes(Buffer.from([0xc3, 0xbc]))).toBe(false)
  })

  const legacy = [
    {
      iconv: 'windows-1250',
      lines: ['// Oblicza sumę wartości zamówień dla klienta', 'int suma = 0;', '// Zwraca błąd – gdy ceny są już „ujemne” (źle)', 'return suma;'],
      edit: ['błąd', 'wyjątek'],
    },
    {
      iconv: 'iso-8859-2',
      lines: ['// Spočítá součet položek v košíku', 'int soucet = 0;', '// Teplota 20 °C, viz § 3, vrátí výsledek', 'return soucet;'],
      edit: ['košíku', 'koši'],
    },
    {
      iconv: 'windows-1251',
      lines: ['// Сумма в рублях', 'int sum = 0;', 'return sum; // № 2'],
      edit: ['рублях', 'копейках'],
    },
    {
      iconv: 'koi8-r',
      lines: ['// Сумма в рублях', 'int sum = 0;', 'return sum; // всё'],
      edit: ['рублях', 'копейках'],
    },
  ]
  describe.each(legacy)('$iconv', (c) => {
    it.each(['crlf', 'mixed'] as const)('with %s endings', (kind) => {
      const endings = endingsOf(kind, c.lines.length)
      const text = join(c.lines, endings)
      const count = [...text].filter((ch) => ch.codePointAt(0)! > 127).length
      expect(count).toBeGreaterThanOrEqual(10)
      expect(count).toBeLessThanOrEqual(16)
      const file = path.join(tmp(), 'code.c')
      fs.writeFileSync(file, iconv.encode(text, c.iconv))
      const r = eol.readFileSync(file)
      expect(r.encoding).toBe(c.iconv)
      expect(r.content).toBe(c.lines.join('\n') + '\n')
      eol.editFileSync(file, c.edit[0], c.edit[1])
      expect(fs.readFileSync(file).equals(iconv.encode(text.replace(c.edit[0], c.edit[1]), c.iconv))).toBe(true)
    })
  })

  it('leaves stray bytes between ASCII punctuation and damaged UTF-8 undetected', () => {
    const dir = tmp()
    const cases = [
      Buffer.from('int a = 1;\xff\r\nx = (\xc3(b);\r\n', 'latin1'),
      Buffer.from('if (x ==\xab 1) {\r\n  y = 2;\xbb\r\n}\r\n', 'latin1'),
      // UTF-8 cut in the middle of its last character.
      Buffer.concat([Buffer.from('// Größe der Übergabe\r\nint n;\r\n// f', 'utf8'), Buffer.from([0xc3])]),
      // UTF-8 with one character saved in Latin-1.
      Buffer.concat([Buffer.from('// Grüße aus München\r\n// caf', 'utf8'), Buffer.from([0xe9]), Buffer.from('\r\n')]),
    ]
    for (const [i, bytes] of cases.entries()) {
      const file = path.join(dir, `n${i}.txt`)
      fs.writeFileSync(file, bytes)
      const r = eol.readFileSync(file)
      expect([i, r.encoding]).toEqual([i, 'utf-8'])
      expect(r.warnings.join(' ')).toContain('could not be told')
    }
  })
})

// ---------------------------------------------------------------------------
// Never two encodings in one file

describe('a file whose encoding is not known gets no non-ASCII text', () => {
  // Not valid UTF-8, and 0x81 is no character of windows-1252: nothing is likely.
  const original = Buffer.from('caf\xe9 \x81 au lait\r\nline two\r\nline three\r\n', 'latin1')
  function setup(): string {
    const file = path.join(tmp(), 'unknown.txt')
    fs.writeFileSync(file, original)
    expect(eol.readFileSync(file).encoding).toBe('utf-8')
    return file
  }
  function refused(fn: () => unknown, file: string): { message: string; hint: string; lines: number[] } {
    let error: { code?: string; message?: string; hint?: string; lines?: number[] } = {}
    try {
      fn()
    } catch (e) {
      error = e as typeof error
    }
    expect(error.code).toBe('ENCODING_UNKNOWN')
    expect(fs.readFileSync(file).equals(original)).toBe(true)
    return error as { message: string; hint: string; lines: number[] }
  }

  it('editFile: refused, naming the file, the character and its line, and the encoding option', () => {
    const file = setup()
    const e = refused(() => eol.editFileSync(file, 'line two', 'line two, Grüße'), file)
    expect(e.message).toContain('unknown.txt')
    expect(e.message).toContain("'ü' (U+00FC) on line 2")
    expect(e.lines).toEqual([2])
    expect(e.hint).toContain("encoding: 'windows-1252'")
    expect(e.hint).toContain('readFile')
  })

  it('multiEdit, writeFile and applyPatch: refused, the file untouched', () => {
    const file = setup()
    refused(() => eol.multiEditSync(file, [{ oldText: 'line two', newText: 'line 2' }, { oldText: 'line three', newText: 'línea tres' }]), file)
    const shown = eol.readFileSync(file).content
    refused(() => eol.writeFileSync(file, shown + '€\n'), file)
    const patch = `*** Begin Patch\n*** Update File: ${file}\n@@\n line two\n-line three\n+line trois – fin\n*** End Patch\n`
    const e = refused(() => eol.applyPatchSync(patch), file)
    expect(e.message).toContain('unknown.txt')
  })

  it('applyPatch refuses before writing any file, a move included; convertEncoding refuses too', () => {
    const file = setup()
    const other = path.join(path.dirname(file), 'other.txt')
    fs.writeFileSync(other, 'plain\n')
    const patch = `*** Begin Patch\n*** Update File: ${other}\n@@\n-plain\n+changed\n*** Update File: ${file}\n*** Move to: ${file}.moved\n@@\n-line two\n+ligne deux, café\n*** End Patch\n`
    let error: { code?: string; fileIndex?: number } = {}
    try {
      eol.applyPatchSync(patch)
    } catch (e) {
      error = e as typeof error
    }
    expect([error.code, error.fileIndex]).toEqual(['ENCODING_UNKNOWN', 1])
    expect(fs.readFileSync(other, 'utf8')).toBe('plain\n')
    expect(fs.existsSync(`${file}.moved`)).toBe(false)
    refused(() => eol.convertEncodingSync(file, 'windows-1252'), file)
  })

  it('applyEdits on a Buffer: refused, and accepted once the encoding option says what it is', () => {
    let error: { code?: string; message?: string } = {}
    try {
      eol.applyEdits(original, [{ oldText: 'line two', newText: 'ligne deux, café' }], { path: 'notes.txt' })
    } catch (e) {
      error = e as typeof error
    }
    expect(error.code).toBe('ENCODING_UNKNOWN')
    expect(error.message).toContain('notes.txt')
    const out = eol.applyEdits(original, [{ oldText: 'line two', newText: 'ligne deux, café' }], { encoding: 'windows-1252' })
    expect(
      (out.content as Buffer).equals(Buffer.from('caf\xe9 \x81 au lait\r\nligne deux, caf\xe9\r\nline three\r\n', 'latin1')),
    ).toBe(true)
  })

  it('ASCII-only changes go ahead, keeping every other byte', async () => {
    const file = setup()
    eol.editFileSync(file, 'line two', 'line 2')
    await eol.multiEdit(file, [{ oldText: 'line three', newText: 'line 3' }])
    const shown = eol.readFileSync(file).content
    eol.writeFileSync(file, shown + 'four\n')
    eol.applyPatchSync(`*** Begin Patch\n*** Update File: ${file}\n@@\n line 3\n+five\n*** End Patch\n`)
    expect(fs.readFileSync(file).equals(Buffer.from('caf\xe9 \x81 au lait\r\nline 2\r\nline 3\r\nfive\r\nfour\r\n', 'latin1'))).toBe(true)
  })

  it('with the encoding option, the same edit is written in that encoding', () => {
    const file = setup()
    eol.editFileSync(file, 'line two', 'line two, Grüße', { encoding: 'windows-1252' })
    expect(fs.readFileSync(file).equals(Buffer.from('caf\xe9 \x81 au lait\r\nline two, Gr\xfc\xdfe\r\nline three\r\n', 'latin1'))).toBe(true)
  })
})
