//! Lines as a file has them and as a model copies them: every piece of a line has a
//! file form and a model form that a lenient tier reads alike (a curly quote and a
//! straight one, a decomposed `é` and a composed one, a no-break space and a space,
//! padding and one space, trailing blanks and none, an indentation shifted as a
//! whole). Knowing both forms of every piece, a test can say what a change the model
//! makes to its copy must write in the file, without asking the engine.

use proptest::prelude::*;

/// One piece of a line: as the file has it, as the model copies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub file: &'static str,
    pub model: &'static str,
}

/// Characters and short words. None contains a `Z` or a `#`.
pub const CHARACTERS: &[Piece] = &[
    Piece {
        file: "foo",
        model: "foo",
    },
    Piece {
        file: "bar",
        model: "bar",
    },
    Piece {
        file: "(",
        model: "(",
    },
    Piece {
        file: ")",
        model: ")",
    },
    Piece {
        file: "=",
        model: "=",
    },
    Piece {
        file: "1",
        model: "1",
    },
    Piece {
        file: "\"",
        model: "\"",
    },
    Piece {
        file: "\u{201C}",
        model: "\"",
    },
    Piece {
        file: "\u{201D}",
        model: "\"",
    },
    Piece {
        file: "\u{2019}",
        model: "'",
    },
    Piece {
        file: "\u{2014}",
        model: "-",
    },
    Piece {
        file: "\u{2212}",
        model: "-",
    },
    Piece {
        file: "e\u{301}",
        model: "\u{E9}",
    },
    Piece {
        file: "\u{E9}",
        model: "e\u{301}",
    },
    Piece {
        file: "\u{65E5}",
        model: "\u{65E5}",
    },
];

/// What stands between two words.
pub const BLANKS: &[Piece] = &[
    Piece {
        file: " ",
        model: " ",
    },
    Piece {
        file: " ",
        model: " ",
    },
    Piece {
        file: "\u{A0}",
        model: " ",
    },
    Piece {
        file: "   ",
        model: " ",
    },
    Piece {
        file: "\t",
        model: " ",
    },
    Piece {
        file: "  ",
        model: "  ",
    },
];

/// What ends a line.
pub const TRAILS: &[Piece] = &[
    Piece {
        file: "",
        model: "",
    },
    Piece {
        file: "",
        model: "",
    },
    Piece {
        file: "  ",
        model: "",
    },
    Piece {
        file: "\t",
        model: "",
    },
    Piece {
        file: "",
        model: " ",
    },
    Piece {
        file: " ",
        model: " ",
    },
];

/// What indents a line in the file; the model's copy may shift every line by the
/// same two spaces.
pub const LEADS: &[&str] = &["", "", "\t", "    ", "\t\t"];

/// A line in both forms: its indentation, its body (words made of characters, with
/// blanks between them), its trailing blanks.
#[derive(Debug, Clone)]
pub struct CopiedLine {
    pub lead: &'static str,
    pub body: Vec<Piece>,
    pub trail: Piece,
}

impl CopiedLine {
    /// The line as the file has it, with `insert` put before body piece `at`.
    pub fn file(&self, insert: Option<(usize, &str)>) -> String {
        self.render(self.lead.to_string(), |p| p.file, self.trail.file, insert)
    }

    /// The line as the model copies it (indented two more columns when `shifted`),
    /// with `insert` put before body piece `at`.
    pub fn model(&self, shifted: bool, insert: Option<(usize, &str)>) -> String {
        let lead = if shifted {
            format!("{}  ", self.lead)
        } else {
            self.lead.to_string()
        };
        self.render(lead, |p| p.model, self.trail.model, insert)
    }

    fn render(
        &self,
        mut out: String,
        form: fn(&Piece) -> &'static str,
        trail: &str,
        insert: Option<(usize, &str)>,
    ) -> String {
        for (i, piece) in self.body.iter().enumerate() {
            if let Some((at, text)) = insert {
                if at == i {
                    out.push_str(text);
                }
            }
            out.push_str(form(piece));
        }
        if let Some((at, text)) = insert {
            if at == self.body.len() {
                out.push_str(text);
            }
        }
        out.push_str(trail);
        out
    }
}

/// A line whose body starts with the word `tag` (so that no two lines of a block are
/// alike), then one to three words of one to three characters, blanks between.
pub fn copied_line(tag: usize) -> impl Strategy<Value = CopiedLine> {
    let word = prop::collection::vec(prop::sample::select(CHARACTERS), 1..4);
    (
        prop::sample::select(LEADS),
        prop::collection::vec((prop::sample::select(BLANKS), word), 0..3),
        prop::sample::select(TRAILS),
    )
        .prop_map(move |(lead, words, trail)| {
            let tag: &'static str = ["L0", "L1", "L2", "L3", "L4", "L5"][tag % 6];
            let mut body = vec![Piece {
                file: tag,
                model: tag,
            }];
            for (blank, word) in words {
                body.push(blank);
                body.extend(word);
            }
            CopiedLine { lead, body, trail }
        })
}
