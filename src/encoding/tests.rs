//! Decoding and writing back: which encoding is chosen, and byte-exact round trips.

use super::*;
use crate::splice::{Splice, Splices};

fn hints(label: &str) -> Hints<'static> {
    Hints {
        option: Some(Encoding::for_label(label).unwrap()),
        ..Hints::default()
    }
}

fn decode_plain(bytes: &[u8]) -> Decoded {
    decode(bytes.to_vec(), &Hints::default()).unwrap()
}

/// Writing the source back unchanged gives the original bytes, through every path.
fn round_trip(bytes: &[u8], hints: &Hints<'_>) -> Decoded {
    let decoded = decode(bytes.to_vec(), hints).unwrap();
    let whole = Splices::whole(decoded.source.clone());
    assert_eq!(decoded.write_bytes(&whole).unwrap(), bytes);
    assert_eq!(decoded.write(&whole).unwrap().concat(), bytes);
    assert_eq!(decoded.write(&Splices::of(vec![])).unwrap().concat(), bytes);
    assert_eq!(decoded.clone().into_raw(), bytes);
    decoded
}

fn utf16le(text: &str) -> Vec<u8> {
    let mut out = vec![0xFF, 0xFE];
    text.encode_utf16()
        .for_each(|u| out.extend_from_slice(&u.to_le_bytes()));
    out
}

fn utf16be(text: &str) -> Vec<u8> {
    let mut out = vec![0xFE, 0xFF];
    text.encode_utf16()
        .for_each(|u| out.extend_from_slice(&u.to_be_bytes()));
    out
}

#[test]
fn utf8_without_bom_is_the_source_as_is() {
    let d = round_trip(b"a\r\nb\nc\r", &Hints::default());
    assert_eq!(
        (d.encoding, d.bom, d.decided),
        (Encoding::utf8(), false, Decided::Utf8)
    );
    assert!(d.is_raw() && d.warnings.is_empty());
    assert_eq!(d.source, b"a\r\nb\nc\r");
}

#[test]
fn utf8_bom_is_split_off_and_put_back() {
    let d = round_trip(b"\xEF\xBB\xBFhello\r\n", &Hints::default());
    assert_eq!(
        (d.encoding, d.bom, d.decided),
        (Encoding::utf8(), true, Decided::Bom)
    );
    assert_eq!(d.source, b"hello\r\n");
}

#[test]
fn empty_and_bom_only_files_round_trip() {
    assert_eq!(round_trip(b"", &Hints::default()).source, b"");
    let d = round_trip(b"\xEF\xBB\xBF", &Hints::default());
    assert!(d.bom && d.source.is_empty());
    let d = round_trip(b"\xFF\xFE", &Hints::default());
    assert_eq!((d.encoding, d.source.len()), (Encoding::utf16le(), 0));
}

#[test]
fn invalid_utf8_is_shown_as_replacement_characters_and_kept_byte_exact() {
    // The detector's guess (windows-1252) would show a C1 control for 0x81: no
    // encoding is likely, so UTF-8 with the bytes kept.
    let bytes = b"caf\xE9 \x81 \xC3(\r\n";
    let d = round_trip(bytes, &Hints::default());
    assert_eq!(d.decided, Decided::Fallback);
    assert_eq!(d.source, "caf\u{FFFD} \u{FFFD} \u{FFFD}(\r\n".as_bytes());
    assert_eq!(d.invalid, 3);
    assert!(
        d.warnings[0].contains("could not be told"),
        "{:?}",
        d.warnings
    );
}

#[test]
fn a_line_shown_with_replacement_characters_keeps_its_bytes_when_copied_back() {
    // The hardening case: a CRLF file with a Latin-1 é, read, then written back as
    // read plus one line.
    let bytes = b"caf\xE9 \x81\r\nsecond\r\n";
    let d = decode_plain(bytes);
    assert_eq!(d.decided, Decided::Fallback);
    let mut shown = d.source.clone();
    shown.extend_from_slice(b"third\r\n");
    let out = d.write_bytes(&Splices::whole(shown)).unwrap();
    assert_eq!(out, b"caf\xE9 \x81\r\nsecond\r\nthird\r\n");
}

#[test]
fn an_edit_on_the_line_of_an_invalid_byte_keeps_the_byte() {
    let bytes = b"caf\xE9 au \x81 lait\n";
    let d = decode_plain(bytes);
    // "lait" -> "the" inside the line: the match does not cover the invalid byte.
    let at = d.source.len() - 5;
    let splices = Splices::of(vec![Splice {
        start: at,
        end: at + 4,
        bytes: b"the".to_vec(),
    }]);
    assert_eq!(d.write_bytes(&splices).unwrap(), b"caf\xE9 au \x81 the\n");
}

#[test]
fn utf16le_crlf_decodes_to_ordinary_crlf() {
    let bytes = utf16le("é\r\nx😀\n");
    let d = round_trip(&bytes, &Hints::default());
    assert_eq!((d.encoding, d.bom), (Encoding::utf16le(), true));
    assert_eq!(d.source, "é\r\nx😀\n".as_bytes());
    assert_eq!(d.encoding.name(), "utf-16le");
}

#[test]
fn utf16be_round_trips_in_its_own_byte_order() {
    let bytes = utf16be("a\r\n\u{FEFF}z😀");
    let d = round_trip(&bytes, &Hints::default());
    assert_eq!(d.encoding.name(), "utf-16be");
    assert_eq!(d.source, "a\r\n\u{FEFF}z😀".as_bytes());
    let edited = d
        .write_bytes(&Splices::whole("a\r\n\u{FEFF}Z😀!".into()))
        .unwrap();
    assert_eq!(edited, utf16be("a\r\n\u{FEFF}Z😀!"));
}

#[test]
fn utf16_with_nul_characters_is_not_binary() {
    let d = round_trip(&utf16le("a\0b"), &Hints::default());
    assert_eq!(d.source, b"a\0b");
}

#[test]
fn unpaired_surrogates_show_as_one_replacement_character_and_survive_an_edit() {
    // a, lone high surrogate, b, newline, lone low surrogate, c.
    let units = [0x61u16, 0xD800, 0x62, 0x0A, 0xDC01, 0x63];
    let mut bytes = vec![0xFF, 0xFE];
    units
        .iter()
        .for_each(|u| bytes.extend_from_slice(&u.to_le_bytes()));
    let d = round_trip(&bytes, &Hints::default());
    assert_eq!(d.source, "a\u{FFFD}b\n\u{FFFD}c".as_bytes());
    // Change "c" to "C" and "b" to "B": both surrogates keep their units.
    let out = d
        .write_bytes(&Splices::whole("a\u{FFFD}B\n\u{FFFD}C".into()))
        .unwrap();
    let mut want = bytes.clone();
    want[6] = b'B';
    want[12] = b'C';
    assert_eq!(out, want);
}

#[test]
fn half_a_character_is_written_in_no_encoding_and_names_its_line() {
    // What a binding passes on for a JavaScript string's lone U+D83D (WTF-8).
    let half = b"two\xed\xa0\xbd".to_vec();
    let files: [(&[u8], Hints<'_>); 4] = [
        (b"one\r\ntwo\r\n", Hints::default()),
        (&utf16le("one\r\ntwo\r\n"), Hints::default()),
        (b"\xc4\xe3\r\ntwo\r\n", hints("gbk")),
        (b"caf\xe9\r\ntwo\r\n", hints("windows-1252")),
    ];
    for (bytes, hints) in files {
        let d = decode(bytes.to_vec(), &hints).unwrap();
        let at = d.source.windows(3).position(|w| w == b"two").unwrap();
        let edit = Splices::of(vec![Splice {
            start: at,
            end: at + 3,
            bytes: half.clone(),
        }]);
        let err = d.write_bytes(&edit).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{:?}", d.encoding);
        assert_eq!(err.lines(), [2]);
        assert!(
            err.to_string().contains("U+D83D, a lone surrogate"),
            "{err}"
        );
        let whole = Splices::whole([&b"x\n"[..], &half].concat());
        assert_eq!(d.write_bytes(&whole).unwrap_err().lines(), [2]);
    }
    // A new file, and a low surrogate alone; a whole pair is a character.
    let err = write::output(
        None,
        &Splices::whole(b"\xed\xb8\x80".to_vec()),
        &Hints::default(),
        None,
    )
    .unwrap_err();
    assert!(err.to_string().contains("U+DE00"), "{err}");
    let pair = Splices::whole("\u{1F600}".into());
    let out = write::output(None, &pair, &hints("utf-16le"), None)
        .unwrap()
        .unwrap();
    assert!(out.concat().ends_with(&utf16le("\u{1F600}")[2..]));
    // Korean in UTF-8 starts with ED too (U+D55C is ED 95 9C): text, written.
    let d = decode_plain(b"a\n");
    let hangul = Splices::whole("\u{D55C}\n".into());
    assert_eq!(d.write_bytes(&hangul).unwrap(), "\u{D55C}\n".as_bytes());
}

#[test]
fn an_odd_trailing_utf16_byte_is_kept_through_an_edit() {
    let mut bytes = utf16le("ab\r\n");
    bytes.push(0x41);
    let d = round_trip(&bytes, &Hints::default());
    assert_eq!(d.source, b"ab\r\n");
    assert!(d.warnings.iter().any(|w| w.contains("odd byte")));
    let out = d.write_bytes(&Splices::whole(b"aB\r\nc".to_vec())).unwrap();
    let mut want = utf16le("aB\r\nc");
    want.push(0x41);
    assert_eq!(out, want);
}

#[test]
fn nul_in_first_8_kib_is_binary() {
    let mut bytes = vec![b'a'; 100];
    bytes[50] = 0;
    let err = decode(bytes, &Hints::default()).unwrap_err();
    assert_eq!(err.code, ErrorCode::BinaryFile);
    let mut at_edge = vec![b'a'; BINARY_SNIFF_LEN];
    at_edge[BINARY_SNIFF_LEN - 1] = 0;
    assert_eq!(
        decode(at_edge, &Hints::default()).unwrap_err().code,
        ErrorCode::BinaryFile
    );
}

#[test]
fn nul_after_8_kib_is_not_binary() {
    let mut bytes = vec![b'a'; BINARY_SNIFF_LEN + 10];
    bytes[BINARY_SNIFF_LEN] = 0;
    assert_eq!(round_trip(&bytes, &Hints::default()).source, bytes);
}

#[test]
fn nul_window_starts_after_the_utf8_bom() {
    let mut bytes = BOM_UTF8.to_vec();
    bytes.extend(vec![b'a'; BINARY_SNIFF_LEN - 1]);
    bytes.push(0);
    assert_eq!(
        decode(bytes, &Hints::default()).unwrap_err().code,
        ErrorCode::BinaryFile
    );
}

#[test]
fn utf16_without_bom_is_read_when_the_caller_says_so() {
    let bytes: Vec<u8> = utf16le("hi\r\n")[2..].to_vec();
    let d = round_trip(&bytes, &hints("utf-16le"));
    assert_eq!(
        (d.encoding, d.bom, &d.source[..]),
        (Encoding::utf16le(), false, &b"hi\r\n"[..])
    );
}

#[test]
fn the_callers_option_decodes_a_legacy_file() {
    // "中文注释\r\n" in GBK.
    let bytes = b"\xD6\xD0\xCE\xC4\xD7\xA2\xCA\xCD\r\nint x;\r\n";
    let d = round_trip(bytes, &hints("gbk"));
    assert_eq!(
        (d.encoding.name(), d.decided),
        ("gbk".to_string(), Decided::Option)
    );
    assert_eq!(d.source, "中文注释\r\nint x;\r\n".as_bytes());
    assert!(d.warnings.is_empty());
}

#[test]
fn the_projects_declaration_decodes_a_legacy_file_when_no_option_is_given() {
    let declared = || {
        Some(Declaration {
            encoding: Encoding::for_label("latin1").unwrap(),
            bom: false,
            source: ".editorconfig".into(),
        })
    };
    let with = |option| Hints {
        option,
        declared: Some(&declared),
        ..Hints::default()
    };
    let d = decode(b"Gr\xFC\xDFe\n".to_vec(), &with(None)).unwrap();
    assert_eq!(
        (d.encoding.name(), d.decided),
        ("windows-1252".to_string(), Decided::Declared)
    );
    assert_eq!(d.source, "Grüße\n".as_bytes());
    // The caller's option wins over the project's.
    let koi8 = Encoding::for_label("koi8-r").unwrap();
    let d = decode(b"Gr\xFC\xDFe\n".to_vec(), &with(Some(koi8))).unwrap();
    assert_eq!(d.decided, Decided::Option);
    assert_eq!(d.encoding, koi8);
}

#[test]
fn valid_utf8_wins_over_an_option_and_says_so() {
    let d = decode("中文\n".as_bytes().to_vec(), &hints("gbk")).unwrap();
    assert_eq!(d.encoding, Encoding::utf8());
    assert!(d.warnings[0].contains("valid UTF-8"), "{:?}", d.warnings);
}

#[test]
fn an_ascii_file_takes_the_callers_encoding_for_new_text() {
    let d = round_trip(b"plain\n", &hints("shift_jis"));
    assert_eq!(d.encoding.name(), "shift_jis");
    let out = d
        .write_bytes(&Splices::whole("plain\nあ\n".into()))
        .unwrap();
    assert_eq!(out, b"plain\n\x82\xA0\n");
}

#[test]
fn a_few_stray_bytes_are_no_evidence_but_a_few_letters_in_words_are() {
    // Decodes cleanly in windows-1252 ("aÿ", "Ã(", "þ"), but nothing looks like words.
    let stray = decode_plain(b"a\xFF\r\nb\r\n\xC3(\xFE\r\n");
    assert_eq!(stray.decided, Decided::Fallback);
    assert_eq!(
        stray.source,
        "a\u{FFFD}\r\nb\r\n\u{FFFD}(\u{FFFD}\r\n".as_bytes()
    );
    let words = decode_plain(b"caf\xE9 au lait, Gr\xFC\xDFe\r\n");
    assert_eq!(
        (words.decided, words.encoding.name()),
        (Decided::Detected, "windows-1252".into())
    );
    assert_eq!(words.source, "café au lait, Grüße\r\n".as_bytes());
    // 中文：注释 in GBK, the colon full-width.
    let cjk = decode_plain(b"// \xD6\xD0\xCE\xC4\xA3\xBA\xD7\xA2\xCA\xCD\r\n");
    assert_eq!(cjk.source, "// 中文：注释\r\n".as_bytes());
}

#[test]
fn a_legacy_file_is_detected_and_the_guess_is_named() {
    // Enough Russian text in windows-1251 for the detector.
    let text = "Привет, мир! Это проверка кодировки.\r\nВторая строка текста на русском языке.\r\n";
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(text);
    let d = round_trip(&bytes, &Hints::default());
    assert_eq!(
        (d.encoding.name(), d.decided),
        ("windows-1251".to_string(), Decided::Detected)
    );
    assert_eq!(d.source, text.as_bytes());
    assert!(
        d.warnings[0].contains("detected as windows-1251"),
        "{:?}",
        d.warnings
    );
}

#[test]
fn unknown_and_unsupported_labels_are_invalid_arguments() {
    for label in ["klingon", "iso-2022-jp", "replacement", "csiso2022kr"] {
        assert_eq!(
            Encoding::for_label(label).unwrap_err().code,
            ErrorCode::InvalidArgument,
            "{label}"
        );
    }
    assert_eq!(
        Encoding::for_label(" Latin1 ").unwrap().name(),
        "windows-1252"
    );
    assert_eq!(Encoding::for_label("sjis").unwrap().name(), "shift_jis");
}

#[test]
fn writing_a_legacy_file_encodes_only_new_text() {
    // Shift_JIS has two byte forms for some characters: 0xED40 (NEC-selected IBM
    // extension) decodes to U+7E8A like 0xFA5C, but encodes as 0xFA5C. A kept line
    // must keep 0xED40.
    let bytes = b"\xED\x40\r\nold\r\n";
    let d = round_trip(bytes, &hints("shift_jis"));
    assert_eq!(d.source, "\u{7E8A}\r\nold\r\n".as_bytes());
    let out = d
        .write_bytes(&Splices::whole("\u{7E8A}\r\nnew \u{7E8A}\r\n".into()))
        .unwrap();
    assert_eq!(out, b"\xED\x40\r\nnew \xFA\x5C\r\n");
}

#[test]
fn a_character_the_encoding_cannot_hold_fails_the_write() {
    let d = decode(b"\xD6\xD0\r\nx\r\n".to_vec(), &hints("gbk")).unwrap();
    let err = d
        .write_bytes(&Splices::whole("中\r\nx ☃\r\n".into()))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::EncodingUnmappable);
    assert!(
        err.message.text().contains("'☃' (U+2603) on line 2"),
        "{}",
        err.message
    );
}

#[test]
fn output_converts_and_creates() {
    let d = decode_plain("Grüße\n".as_bytes());
    let latin1 = Encoding::for_label("latin1").unwrap();
    let none = Splices::of(vec![]);
    let out = write::output(Some(&d), &none, &Hints::default(), Some((latin1, false)))
        .unwrap()
        .unwrap();
    assert_eq!(out.concat(), b"Gr\xFC\xDFe\n");
    let text = Splices::whole("é".into());
    let new = write::output(None, &text, &hints("utf-16be"), None)
        .unwrap()
        .unwrap();
    assert_eq!((new.concat(), new.bom), (utf16be("é"), true));
    assert!(
        write::output(Some(&d), &Splices::of(vec![]), &Hints::default(), None)
            .unwrap()
            .is_none()
    );
}

#[test]
fn an_edit_that_must_rewrite_an_invalid_legacy_byte_says_so() {
    // GBK: 0x81 then a newline is a malformed lead byte. Text inserted right after it
    // could make a character of it, so the change takes it in, and U+FFFD has no GBK form.
    let d = decode(b"a\x81\nb\n".to_vec(), &hints("gbk")).unwrap();
    assert_eq!(d.source, "a\u{FFFD}\nb\n".as_bytes());
    let splices = Splices::of(vec![Splice {
        start: 4,
        end: 4,
        bytes: b"A".to_vec(),
    }]);
    let err = d.write_bytes(&splices).unwrap_err();
    assert_eq!(err.code, ErrorCode::EncodingUnmappable);
    assert!(
        err.message.text().contains("not valid gbk"),
        "{}",
        err.message
    );
    // An edit away from it keeps the byte.
    let away = Splices::of(vec![Splice {
        start: 5,
        end: 6,
        bytes: b"B".to_vec(),
    }]);
    assert_eq!(d.write_bytes(&away).unwrap(), b"a\x81\nB\n");
}

/// `text` in `label`, through encoding_rs (the tests of the rule; the JavaScript tests
/// take their bytes from iconv-lite).
fn legacy(label: &str, text: &str) -> Vec<u8> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{text} in {label}");
    bytes.into_owned()
}

#[test]
fn a_german_source_with_a_few_umlauts_a_lone_a_grave_and_a_euro_sign_is_windows_1252() {
    let text = "program Kasse;\r\n{ Berechnet die Beträge für jede Position }\r\n  WriteLn('Stück à 2,50 €');\r\n  { Die Summe für alle Stücke }\r\nend.\r\n";
    let d = decode_plain(&legacy("windows-1252", text));
    assert_eq!(
        (d.encoding.name(), d.decided),
        ("windows-1252".to_string(), Decided::Detected)
    );
    assert_eq!(d.source, text.as_bytes());
    // An edit writes ü as the file's other ü are written.
    let edited = d
        .write_bytes(&Splices::whole(text.replace("Summe", "Bücher").into()))
        .unwrap();
    assert_eq!(
        edited,
        legacy("windows-1252", &text.replace("Summe", "Bücher"))
    );
}

#[test]
fn typographic_signs_in_their_places_are_evidence() {
    for (label, text) in [
        ("windows-1252", "// Preis: 2,50 € pro Stück\r\n"),
        ("windows-1252", "// „Hallo“ sagte er – und ging\r\n"),
        ("windows-1252", "// « Bonjour » à tous\r\n"),
        ("windows-1252", "// Temperatur 20 °C, siehe § 3\r\n"),
        ("windows-1252", "// Copyright © 2004 Müller\r\n"),
        ("windows-1250", "// Zażółć gęślą jaźń – „cytat”\r\n"),
    ] {
        let d = decode_plain(&legacy(label, text));
        assert_eq!(
            (d.decided, d.encoding.name().as_str(), &d.source[..]),
            (Decided::Detected, label, text.as_bytes()),
            "{text}"
        );
    }
}

#[test]
fn a_dozen_letters_of_a_central_european_or_cyrillic_source_are_detected() {
    // Each with what real text has besides letters in words: a dash, quotes, a word
    // of one letter, a degree or section sign.
    for (label, text) in [
        ("windows-1250", "// Oblicza sumę wartości zamówień dla klienta\r\nint suma = 0;\r\n// Zwraca błąd – gdy ceny są już „ujemne” (źle)\r\n"),
        ("iso-8859-2", "// Spočítá součet položek v košíku\r\nint soucet = 0;\r\n// Teplota 20 °C, viz § 3, vrátí výsledek\r\n"),
        ("windows-1251", "// Сумма в рублях\r\nint sum = 0;\r\nreturn sum; // № 2\r\n"),
        ("koi8-r", "// Сумма в рублях\r\nint sum = 0;\r\nreturn sum; // всё\r\n"),
    ] {
        let d = decode_plain(&legacy(label, text));
        assert_eq!(
            (d.decided, d.encoding.name().as_str()),
            (Decided::Detected, label),
            "{text}"
        );
        assert_eq!(d.source, text.as_bytes());
    }
}

#[test]
fn stray_bytes_between_ascii_punctuation_are_no_evidence() {
    for bytes in [
        &b"int a = 1;\xFF\r\nx = (\xC3(b);\r\n"[..],
        b"if (x ==\xAB 1) {\r\n  y = 2;\xBB\r\n}\r\n",
        b"total :=\x88 total + 1;\r\n",
        b"price =\x80 2.5;\r\n",
        b"x = \xE9;\r\n",
    ] {
        let d = decode_plain(bytes);
        assert_eq!(
            d.decided,
            Decided::Fallback,
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }
}

#[test]
fn damaged_utf8_is_not_read_as_a_legacy_encoding() {
    // Cut in the middle of its last character; one character saved in Latin-1.
    let cut = ["// Größe der Übergabe\r\n// f".as_bytes(), b"\xC3"].concat();
    let mixed = ["// Grüße aus München\r\n// caf".as_bytes(), b"\xE9\r\n"].concat();
    for bytes in [cut, mixed] {
        let d = decode_plain(&bytes);
        assert_eq!(d.decided, Decided::Fallback);
        assert!(
            d.source.starts_with("// Grü".as_bytes()) || d.source.starts_with("// Grö".as_bytes())
        );
    }
}

#[test]
fn bytes_that_look_binary_are_not_a_legacy_text() {
    // Enough Latin letters in words, but control bytes that text has not.
    let bytes = b"caf\xE9 au lait, Gr\xFC\xDFe \x01\x02\x03\r\n";
    assert_eq!(decode_plain(bytes).decided, Decided::Fallback);
    assert_eq!(
        decode_plain(b"caf\xE9 au lait, Gr\xFC\xDFe\r\n").decided,
        Decided::Detected
    );
}

#[test]
fn words_of_one_letter_alone_are_not_enough() {
    // Russian `и` in windows-1251 is windows-1252 `è`: a lone letter says little.
    assert_eq!(
        decode_plain(b"// Questo \xE8 ok\r\n").decided,
        Decided::Fallback
    );
    // Beside a letter in a word, it counts.
    let d = decode_plain(b"// Questo \xE8 pi\xF9 facile\r\n");
    assert_eq!(d.decided, Decided::Detected);
    assert_eq!(d.source, "// Questo è più facile\r\n".as_bytes());
}

#[test]
fn a_few_letters_of_another_alphabet_are_not_enough() {
    // Greek `το` in windows-1253 is Hebrew `פן` in windows-1255.
    let two = legacy("windows-1253", "// -n, το\r\n");
    assert_eq!(decode_plain(&two).decided, Decided::Fallback);
    let more = legacy("windows-1253", "// Εμφανίζει τις γραμμές του αρχείου\r\n");
    let d = decode_plain(&more);
    assert_eq!(
        (d.decided, d.encoding.name().as_str()),
        (Decided::Detected, "windows-1253")
    );
}

#[test]
fn letters_no_one_language_writes_together_are_no_evidence() {
    // Turkish in windows-1254 read as windows-1252 would show `ý þ ð` beside `ü ç`.
    let turkish = "// Dosyanın içeriğini gösterir; geçersiz seçenek\r\n";
    let d = decode_plain(&legacy("windows-1254", turkish));
    assert_ne!(
        d.encoding.name(),
        "windows-1252",
        "{:?}",
        String::from_utf8_lossy(&d.source)
    );
    // German borrowing a French `à` is one language with a loan.
    let german = "// Stück à 2,50 Euro für Grüße\r\n";
    let d = decode_plain(&legacy("windows-1252", german));
    assert_eq!(d.encoding.name(), "windows-1252");
}

#[test]
fn non_ascii_text_is_refused_in_a_file_whose_encoding_is_not_known() {
    let bytes = b"caf\xE9 \x81 au lait\r\nline two\r\n";
    let d = decode_plain(bytes);
    assert_eq!(d.decided, Decided::Fallback);
    let mut shown = d.source.clone();
    shown.extend_from_slice("Grüße\r\n".as_bytes());
    let err = d.write_bytes(&Splices::whole(shown)).unwrap_err();
    assert_eq!(err.code, ErrorCode::EncodingUnknown);
    assert!(
        err.message.text().contains("'ü' (U+00FC) on line 3"),
        "{}",
        err.message
    );
    assert_eq!(err.lines, vec![3]);
    let hint = err.hint.unwrap();
    assert!(
        hint.text().contains("encoding = \"windows-1252\""),
        "{hint}"
    );
    assert!(hint
        .flat()
        .contains(&crate::message::Name::Encoding.is("windows-1252")));
    // ASCII goes ahead, every other byte kept.
    let mut ascii = d.source.clone();
    ascii.extend_from_slice(b"third\r\n");
    assert_eq!(
        d.write_bytes(&Splices::whole(ascii)).unwrap(),
        b"caf\xE9 \x81 au lait\r\nline two\r\nthird\r\n"
    );
    // A line shown with U+FFFD that is moved keeps its bytes: it is no new text.
    let moved = "line two\r\ncaf\u{FFFD} \u{FFFD} au lait\r\n";
    assert_eq!(
        d.write_bytes(&Splices::whole(moved.into())).unwrap(),
        b"line two\r\ncaf\xE9 \x81 au lait\r\n"
    );
    // A U+FFFD typed into new text is refused like any other non-ASCII character.
    let typed = "caf\u{FFFD} \u{FFFD} au lait\r\nline \u{FFFD}\r\n";
    let err = d.write_bytes(&Splices::whole(typed.into())).unwrap_err();
    assert_eq!(err.code, ErrorCode::EncodingUnknown);
    assert!(err.message.text().contains("U+FFFD"), "{}", err.message);
    // Converting it would lose the bytes it could not decode.
    assert_eq!(
        d.check_convertible().unwrap_err().code,
        ErrorCode::EncodingUnknown
    );
    assert!(decode_plain(b"caf\xE9 au lait\r\n")
        .check_convertible()
        .is_ok());
}

#[test]
fn a_declared_or_detected_encoding_takes_non_ascii_text() {
    let bytes = b"caf\xE9 \x81 au lait\r\n";
    let d = decode(bytes.to_vec(), &hints("windows-1252")).unwrap();
    let out = d
        .write_bytes(&Splices::whole("café \u{81} au lait\r\nGrüße\r\n".into()))
        .unwrap();
    assert_eq!(out, b"caf\xE9 \x81 au lait\r\nGr\xFC\xDFe\r\n");
    let detected = decode_plain(b"caf\xE9 au lait\r\n");
    assert_eq!(detected.decided, Decided::Detected);
    assert!(detected
        .write_bytes(&Splices::whole("café au lait\r\nthé\r\n".into()))
        .is_ok());
}
