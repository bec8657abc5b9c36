//! The line index of an LF view: where each line starts, for line numbers and for the
//! tiers that compare whole lines. Built once per edit, and only when a tier or a
//! message needs it ([`LazyLines`]): an exact match needs no line index.

use memchr::memchr_iter;

/// Line starts of an LF view, for line numbers and the line tiers.
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    text: &'a [u8],
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// Indexes the lines of `text` (an LF view). A final empty piece after the last
    /// `\n` is not a line.
    pub fn new(text: &'a [u8]) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        if !text.is_empty() {
            starts.push(0);
        }
        starts.extend(
            memchr_iter(b'\n', text)
                .map(|i| i + 1)
                .filter(|&s| s < text.len()),
        );
        Lines { text, starts }
    }

    /// The text the lines are of.
    pub fn text(&self) -> &'a [u8] {
        self.text
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// There are no lines (the text is empty).
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Offset where line `i` (0-based) starts.
    pub fn start(&self, i: usize) -> usize {
        self.starts[i]
    }

    /// Offset where line `i`'s content ends (its `\n`, or the end of the text).
    pub fn content_end(&self, i: usize) -> usize {
        match self.starts.get(i + 1) {
            Some(&next) => next - 1,
            None => {
                if self.text.last() == Some(&b'\n') {
                    self.text.len() - 1
                } else {
                    self.text.len()
                }
            }
        }
    }

    /// Line `i`'s content, without its `\n`.
    pub fn line(&self, i: usize) -> &'a [u8] {
        &self.text[self.starts[i]..self.content_end(i)]
    }

    /// Line `i` has a `\n` after it.
    pub fn has_newline(&self, i: usize) -> bool {
        self.content_end(i) < self.text.len()
    }

    /// 0-based line index of the line holding `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }
}

/// [`Lines`] built on first use: an exact match needs no line index.
#[derive(Debug)]
pub struct LazyLines<'a> {
    text: &'a [u8],
    lines: std::cell::OnceCell<Lines<'a>>,
}

impl<'a> LazyLines<'a> {
    /// Lines of `text`, indexed when first asked for.
    pub fn new(text: &'a [u8]) -> Self {
        LazyLines {
            text,
            lines: std::cell::OnceCell::new(),
        }
    }

    /// The line index.
    pub fn get(&self) -> &Lines<'a> {
        self.lines.get_or_init(|| Lines::new(self.text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_do_not_count_a_final_empty_piece() {
        assert_eq!(Lines::new(b"a\nb\n").len(), 2);
        assert_eq!(Lines::new(b"a\nb").len(), 2);
        assert_eq!(Lines::new(b"").len(), 0);
        assert_eq!(Lines::new(b"\n").len(), 1);
    }
}
