//! sqlx::migrate! embeds the migrations at compile time: rebuild when they
//! change. The card scripts are embedded too: `OUT_DIR/scripts.rs` lists
//! every `cards/xfiles-ccg/scripts/**/*.xfs` file with `include_str!`, and
//! `OUT_DIR/proofs.rs` every card proof, `tests/cards/**/*.proof`.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    embed(
        Path::new("cards/xfiles-ccg/scripts"),
        "xfs",
        "/// Every script file: (path under scripts/, text).\npub const SCRIPT_FILES",
        "scripts.rs",
    );
    embed(
        Path::new("tests/cards"),
        "proof",
        "/// Every card proof: (path under tests/cards/, text).\npub const PROOF_FILES",
        "proofs.rs",
    );
}

/// Writes `OUT_DIR/<dest>`: a constant listing every `.<ext>` file under
/// `root` with its text.
fn embed(root: &Path, ext: &str, head: &str, dest: &str) {
    let mut files = Vec::new();
    collect(root, ext, &mut files);
    files.sort();
    let mut out = format!("{head}: &[(&str, &str)] = &[\n");
    for f in &files {
        let rel = f.strip_prefix(root).expect("under root");
        let abs = std::fs::canonicalize(f).expect("script file path");
        out.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            rel.display().to_string(),
            abs.display().to_string()
        ));
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join(dest);
    std::fs::write(dest, out).expect("write the embedded files");
}

/// Every `.<ext>` file under `dir`; each directory is watched for new files.
fn collect(dir: &Path, ext: &str, files: &mut Vec<PathBuf>) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, ext, files);
        } else if p.extension().is_some_and(|x| x == ext) {
            files.push(p);
        }
    }
}
