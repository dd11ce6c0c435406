//! Runs every scenario file in `tests/scenarios/` at the repository root, and the
//! template that `ponyccg scenario new` writes.

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios")
}

#[test]
fn every_scenario_file_passes() {
    let files = ponyccg_scenario::collect_files(&[root()]).expect("tests/scenarios is readable");
    assert!(
        files.len() >= 10,
        "expected the scenario files in {}, found {}",
        root().display(),
        files.len()
    );
    let mut failed = Vec::new();
    for f in &files {
        let r = ponyccg_scenario::run_file(f);
        if !r.passed() {
            failed.push(format!("{r}\n  trace:\n    {}", r.trace.join("\n    ")));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} scenario files failed:\n{}",
        failed.len(),
        files.len(),
        failed.join("\n\n")
    );
}

#[test]
fn the_template_is_a_passing_scenario() {
    let s = ponyccg_scenario::parse("template.toml", ponyccg_scenario::TEMPLATE)
        .unwrap_or_else(|e| panic!("{e}"));
    let r = s.run();
    assert!(r.passed(), "{r}\n{}", r.trace.join("\n"));
}
