//! The naive oracles every property test and fuzz check compares the engine with:
//! endings, lines and the LF view written the obvious way, byte by byte, sharing no
//! code with the crate. Only `std`, so the fuzz checks (`fuzz/src/checks.rs`) include
//! this file too.

#![allow(dead_code)]

/// One line of a text: its content and the bytes of its ending (empty for none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub content: Vec<u8>,
    pub ending: Vec<u8>,
}

/// Splits bytes into lines at `\r\n`, `\n` and lone `\r`. A text that ends with an
/// ending has no empty last line.
pub fn lines_of(bytes: &[u8]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut content = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let ending: &[u8] = match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => b"\r\n",
            b'\r' => b"\r",
            b'\n' => b"\n",
            c => {
                content.push(c);
                i += 1;
                continue;
            }
        };
        out.push(Line {
            content: std::mem::take(&mut content),
            ending: ending.to_vec(),
        });
        i += ending.len();
    }
    if !content.is_empty() {
        out.push(Line {
            content,
            ending: Vec::new(),
        });
    }
    out
}

/// The LF view's lines of a text.
pub fn view_of(bytes: &[u8]) -> Vec<Vec<u8>> {
    lines_of(bytes).into_iter().map(|l| l.content).collect()
}

/// The LF view of `src` and, for each LF-view offset (and the end), the source offset
/// of the same position. A `\n` standing for `\r\n` maps to its `\r`.
pub fn lf_view(src: &[u8]) -> (Vec<u8>, Vec<usize>) {
    let mut lf = Vec::with_capacity(src.len());
    let mut map = Vec::with_capacity(src.len() + 1);
    let mut i = 0;
    while i < src.len() {
        map.push(i);
        match src[i] {
            b'\r' if src.get(i + 1) == Some(&b'\n') => {
                lf.push(b'\n');
                i += 2;
            }
            b'\r' => {
                lf.push(b'\n');
                i += 1;
            }
            c => {
                lf.push(c);
                i += 1;
            }
        }
    }
    map.push(src.len());
    (lf, map)
}

/// The LF view of `src`.
pub fn lf(src: &[u8]) -> Vec<u8> {
    lf_view(src).0
}

/// Lines of an LF text, each with its `\n` (the last may have none); `""` has none.
pub fn lf_lines(lf: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &c) in lf.iter().enumerate() {
        if c == b'\n' {
            out.push(&lf[start..=i]);
            start = i + 1;
        }
    }
    if start < lf.len() {
        out.push(&lf[start..]);
    }
    out
}

/// A source read line by line: its lines, its LF view, the source offset of every
/// LF-view offset (and the end), and where each line starts in the LF view.
pub struct Model {
    pub lines: Vec<Line>,
    pub view: Vec<u8>,
    pub to_source: Vec<usize>,
    /// LF-view offset where each line starts.
    pub line_starts: Vec<usize>,
}

impl Model {
    pub fn new(source: &[u8]) -> Model {
        let lines = lines_of(source);
        let mut line_starts = Vec::new();
        let mut at = 0;
        for line in &lines {
            line_starts.push(at);
            at += line.content.len() + usize::from(!line.ending.is_empty());
        }
        let (view, to_source) = lf_view(source);
        assert_eq!(at, view.len());
        Model {
            lines,
            view,
            to_source,
            line_starts,
        }
    }

    /// 0-based index of the line that holds LF-view offset `p`.
    pub fn line_of(&self, p: usize) -> usize {
        self.line_starts
            .partition_point(|&s| s <= p)
            .saturating_sub(1)
    }
}

/// Occurrences of `needle` in `hay`, overlapping ones included.
pub fn count_overlapping(hay: &[u8], needle: &[u8]) -> usize {
    if needle.is_empty() || needle.len() > hay.len() {
        return 0;
    }
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

/// `b` without its `\r`s.
pub fn strip_cr(b: &[u8]) -> Vec<u8> {
    b.iter().copied().filter(|&c| c != b'\r').collect()
}

/// Counts of (LF, CRLF, lone CR) endings.
pub fn ending_counts(b: &[u8]) -> (usize, usize, usize) {
    let (mut lf, mut crlf, mut cr) = (0, 0, 0);
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\r' if b.get(i + 1) == Some(&b'\n') => {
                crlf += 1;
                i += 1;
            }
            b'\r' => cr += 1,
            b'\n' => lf += 1,
            _ => {}
        }
        i += 1;
    }
    (lf, crlf, cr)
}

/// Shows bytes with endings and non-ASCII escaped, for failure messages.
pub fn show(b: &[u8]) -> String {
    b.escape_ascii().to_string()
}
