//! Compiles the card data in `<repo>/cards/*.toml` into the binary: writes a table of
//! `include_str!`s to `$OUT_DIR/builtin.rs`, so a fresh install needs no data files.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    let manifest =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = manifest.join("../../cards");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the card data folder {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut out = String::from("/// The built-in card files: (file name, contents), sorted by name.\npub(crate) static BUILTIN: &[(&str, &str)] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f
            .file_name()
            .and_then(|n| n.to_str())
            .expect("card file names are UTF-8");
        let abs = fs::canonicalize(f).expect("card file path resolves");
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            abs.display().to_string()
        ));
    }
    out.push_str("];\n");
    // Ability scripts: `cards/scripts/*.ron` (the folder may not exist yet).
    let scripts = dir.join("scripts");
    println!("cargo:rerun-if-changed={}", scripts.display());
    let mut sfiles: Vec<PathBuf> = fs::read_dir(&scripts)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    sfiles.sort();
    out.push_str("/// The built-in ability scripts: (file name, contents), sorted by name.\npub(crate) static BUILTIN_SCRIPTS: &[(&str, &str)] = &[\n");
    for f in &sfiles {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f
            .file_name()
            .and_then(|n| n.to_str())
            .expect("script file names are UTF-8");
        let abs = fs::canonicalize(f).expect("script file path resolves");
        out.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            format!("scripts/{name}"),
            abs.display().to_string()
        ));
    }
    out.push_str("];\n");
    // The cards with a scenario of their own (`tests/scenarios/cards/NUMBER[-...].toml`),
    // so `ponyccg cards coverage` can say which scripted cards are tested.
    let scenarios = manifest.join("../../tests/scenarios/cards");
    println!("cargo:rerun-if-changed={}", scenarios.display());
    let mut tested: Vec<String> = fs::read_dir(&scenarios)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .filter_map(|p| {
                    let stem = p.file_stem()?.to_str()?.to_string();
                    // The card number ends at the first '-', except in numbers such as
                    // AD-3, whose set code is followed by a '-'.
                    let mut parts = stem.split('-');
                    let first = parts.next().unwrap_or_default();
                    Some(match parts.next() {
                        Some(n) if first.chars().all(|c| c.is_ascii_alphabetic()) => {
                            format!("{first}-{n}")
                        }
                        _ => first.to_string(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    tested.sort();
    tested.dedup();
    out.push_str(
        "/// Card numbers with a scenario file of their own, sorted.\npub(crate) static WITH_SCENARIO: &[&str] = &[\n",
    );
    for n in &tested {
        out.push_str(&format!("    {n:?},\n"));
    }
    out.push_str("];\n");
    let dest = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin.rs");
    fs::write(dest, out).expect("write builtin.rs");
}
