//! sqlx::migrate! embeds the migrations at compile time: rebuild when they
//! change. The card scripts are embedded too: `OUT_DIR/scripts.rs` lists
//! every `cards/xfiles-ccg/scripts/**/*.xfs` file with `include_str!`.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    let root = Path::new("cards/xfiles-ccg/scripts");
    let mut files = Vec::new();
    collect(root, &mut files);
    files.sort();
    let mut out = String::from("/// Every script file: (path under scripts/, text).\n");
    out.push_str("pub const SCRIPT_FILES: &[(&str, &str)] = &[\n");
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
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("scripts.rs");
    std::fs::write(dest, out).expect("write scripts.rs");
}

/// Every `.xfs` file under `dir`; each directory is watched for new files.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, files);
        } else if p.extension().is_some_and(|x| x == "xfs") {
            files.push(p);
        }
    }
}
