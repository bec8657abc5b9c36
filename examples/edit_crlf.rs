//! eol-edit from Rust: read a CRLF file as a model sees it, edit it with LF text, apply
//! a patch, and handle a failure by its code. `cargo run --example edit_crlf`.

use std::error::Error as _;
use std::fs;

use eol_edit::{
    apply_patch, edit_file, read_file, EditOptions, ErrorCode, PatchOptions, ReadOptions, Tier,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::temp_dir().join(format!("eol-edit-example-{}", std::process::id()));
    fs::create_dir_all(&dir)?;
    let path = dir.join("App.cs");
    // A Windows file: BOM and CRLF endings.
    fs::write(&path, "\u{FEFF}class App\r\n{\r\n    int x;\r\n}\r\n")?;

    // What a model reads: the LF view, and the version to guard the edit with.
    let read = read_file(&path, &ReadOptions::default())?;
    assert_eq!(read.content, "class App\n{\n    int x;\n}\n");
    assert_eq!((read.eol.crlf, read.bom), (4, true));

    // The model writes LF; the file stays CRLF and keeps its BOM.
    let options = EditOptions::default().with_expected_version(read.version);
    let edit = edit_file(
        &path,
        "    int x;\n",
        "    int x = 1;\n    int y;\n",
        &options,
    )?;
    assert_eq!(edit.matched_by, [Tier::Exact]);
    assert_eq!(
        fs::read_to_string(&path)?,
        "\u{FEFF}class App\r\n{\r\n    int x = 1;\r\n    int y;\r\n}\r\n"
    );
    print!("{}", edit.diff);

    // A patch a GPT-family model sends, relative to the folder.
    let patch = "*** Begin Patch\n*** Update File: App.cs\n@@\n-    int y;\n+    int y = 2;\n*** End Patch\n";
    let patched = apply_patch(patch, &PatchOptions::default().with_cwd(&dir))?;
    println!(
        "{} {}: version {}",
        patched.files[0].action,
        patched.files[0].path.display(),
        patched.files[0]
            .version
            .map_or("-".to_string(), |v| v.to_string())
    );
    assert!(fs::read_to_string(&path)?.contains("    int y = 2;\r\n"));

    // A stale version is refused, and nothing is written.
    let stale = edit_file(&path, "int x = 1;", "int x = 3;", &options);
    match stale {
        Err(error) if error.code() == ErrorCode::FileChanged => {
            println!("refused: {error}");
            assert!(error.source().is_none());
        }
        other => panic!("expected FILE_CHANGED, got {other:?}"),
    }

    fs::remove_dir_all(&dir)?;
    Ok(())
}
