//! Serialize and Deserialize (feature `serde`) for the types whose form is not their
//! fields': a [`Version`] is its 32 hex digits, a [`Message`] the text `Display` gives
//! (in this crate's names; what comes back is that text), and an [`Error`] its code,
//! message, hint, lines and indices. The other types derive theirs, fields in
//! snake_case, enum values as the JavaScript library's strings (`api::names`).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::version::Version;
use crate::error::{Error, ErrorCode};
use crate::message::Message;

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Message {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Message::from)
    }
}

/// An [`Error`] as data: what a front-end shows of it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ErrorData {
    code: ErrorCode,
    message: Message,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hint: Option<Message>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    lines: Vec<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    edit_index: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    file_index: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hunk_index: Option<u32>,
}

impl Serialize for Error {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ErrorData {
            code: self.code,
            message: self.message.clone(),
            hint: self.hint.clone(),
            lines: self.lines.clone(),
            edit_index: self.edit_index,
            file_index: self.file_index,
            hunk_index: self.hunk_index,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Error {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let data = ErrorData::deserialize(d)?;
        let mut error = Error::new(data.code, data.message).with_lines(data.lines);
        error.hint = data.hint;
        error.edit_index = data.edit_index;
        error.file_index = data.file_index;
        error.hunk_index = data.hunk_index;
        Ok(error)
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Debug;

    use serde::de::DeserializeOwned;
    use serde_json::json;

    use crate::file::testing::TempDir;
    use crate::{
        apply_edits, apply_patch, edit_file, parse_patch, read_file, ApplyOptions, Edit,
        EditOptions, Ending, Error, ErrorCode, Expected, PatchOptions, ReadOptions, Tier, Version,
        WriteEol,
    };

    /// `value` as JSON and back is `value` again, and its JSON is `json`'s when given.
    fn round_trip<T: serde::Serialize + DeserializeOwned + PartialEq + Debug>(
        value: &T,
    ) -> serde_json::Value {
        let json = serde_json::to_value(value).unwrap();
        let back: T = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(&back, value, "{json}");
        json
    }

    #[test]
    fn results_round_trip_with_snake_case_fields_and_the_javascript_enum_strings() {
        let dir = TempDir::new();
        dir.write("a.txt", "one\r\ntwo\r\n");
        let options = EditOptions::default().with_cwd(dir.path());
        let read = read_file(dir.path().join("a.txt"), &ReadOptions::default()).unwrap();
        let json = round_trip(&read);
        assert_eq!(json["start_line"], 1);
        assert_eq!(json["version"], read.version.to_string());
        assert_eq!(json["eol"]["dominant"], "crlf");

        let edit = edit_file("a.txt", "two", "2", &options).unwrap();
        let json = round_trip(&edit);
        assert_eq!(json["path"], "a.txt");
        assert_eq!(json["matched_by"], json!(["exact"]));

        let applied = apply_edits(
            "a  \nb\n",
            &[Edit::new("a\nb", "c")],
            &ApplyOptions::default(),
        )
        .unwrap();
        assert_eq!(
            round_trip(&applied)["matched_by"],
            json!(["trailingWhitespace"])
        );

        let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+1\n*** End Patch\n";
        let patched = apply_patch(patch, &PatchOptions::default().with_cwd(dir.path())).unwrap();
        let json = round_trip(&patched);
        assert_eq!(json["files"][0]["action"], "update");
        assert_eq!(
            round_trip(&parse_patch(patch).unwrap())["format"],
            "envelope"
        );
    }

    #[test]
    fn options_round_trip_and_take_defaults_for_missing_fields() {
        let version = Version::of(b"x");
        let edit = EditOptions::default()
            .with_expected_version(version)
            .with_eol(WriteEol::CrLf)
            .with_root("/srv");
        let json = round_trip(&edit);
        assert_eq!(
            json["expected_version"],
            json!({ "version": version.to_string() })
        );
        assert_eq!(json["eol"], "crlf");
        round_trip(&EditOptions::default().with_expected_version(Expected::Absent));
        round_trip(&PatchOptions::default().with_expected_version("a.txt", Expected::Absent));
        round_trip(&ReadOptions::default().with_offset(3));
        round_trip(&ApplyOptions::default().with_path("x.rs"));

        let given: EditOptions =
            serde_json::from_value(json!({ "dry_run": true, "expected_version": "absent" }))
                .unwrap();
        assert_eq!(
            given,
            EditOptions::default()
                .with_dry_run(true)
                .with_expected_version(Expected::Absent)
        );
        let typo = serde_json::from_value::<EditOptions>(json!({ "dryrun": true })).unwrap_err();
        assert!(
            typo.to_string().contains("unknown field `dryrun`"),
            "{typo}"
        );
    }

    #[test]
    fn an_error_is_its_code_message_hint_lines_and_indices() {
        let edits = [Edit::new("a", "A"), Edit::new("missing\nlines", "x")];
        let error = apply_edits("a\nb\nc\n", &edits, &ApplyOptions::default()).unwrap_err();
        let json = serde_json::to_value(&error).unwrap();
        assert_eq!(json["code"], "TEXT_NOT_FOUND");
        assert_eq!(json["message"], error.message().to_string());
        assert_eq!(json["edit_index"], 1);
        let back: Error = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(
            (back.code(), back.edit_index(), back.lines()),
            (error.code(), error.edit_index(), error.lines())
        );
        assert_eq!(back.to_string(), error.to_string());
        assert_eq!(serde_json::to_value(&back).unwrap(), json);
        let bare: Error =
            serde_json::from_value(json!({ "code": "NO_CHANGE", "message": "same" })).unwrap();
        assert_eq!(bare, Error::new(ErrorCode::NoChange, "same"));
    }

    #[test]
    fn enums_and_versions_are_their_strings_and_refuse_others() {
        assert_eq!(round_trip(&Tier::LineNumbers), "lineNumbers");
        assert_eq!(round_trip(&ErrorCode::FileChanged), "FILE_CHANGED");
        assert_eq!(round_trip(&Ending::CrLf), "crlf");
        let version = Version::of(b"v");
        assert_eq!(round_trip(&version), version.to_string());
        assert!(serde_json::from_value::<Tier>(json!("trailing_whitespace")).is_err());
        assert!(serde_json::from_value::<Version>(json!("abc")).is_err());
        assert_eq!(round_trip(&crate::Anchor::Line(4)), 4);
        assert_eq!(round_trip(&crate::Anchor::from("fn main")), "fn main");
    }
}
