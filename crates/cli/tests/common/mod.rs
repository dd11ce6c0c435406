//! Running the built `ponyccg` binary from the command-line tests.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The built binary, ready for arguments.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ponyccg"))
}

/// Runs `ponyccg` with these arguments: whether it succeeded, and what it printed on
/// standard output then standard error.
pub fn ponyccg(args: &[&str]) -> (bool, String) {
    let out = bin().args(args).output().expect("ponyccg runs");
    (
        out.status.success(),
        format!("{}{}", text(&out.stdout), text(&out.stderr)),
    )
}

/// Runs `ponyccg` with these arguments and nothing on standard input.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    bin().args(args).output().expect("ponyccg runs")
}

/// Runs `ponyccg` in `dir` with `input` on standard input.
pub fn run_with_input<S: AsRef<OsStr>>(args: &[S], dir: &Path, input: impl AsRef<[u8]>) -> Output {
    let mut child = bin()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ponyccg starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.as_ref().to_vec();
    // Write from a thread: the game may end (and stop reading) before all input is used.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("ponyccg ends");
    writer.join().expect("the writer ends");
    out
}

/// `simulate ARGS --json`: the parsed report, after checking the run succeeded.
pub fn simulate_json(args: &[&str]) -> serde_json::Value {
    let out = bin()
        .arg("simulate")
        .args(args)
        .arg("--json")
        .output()
        .expect("ponyccg runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON report")
}

/// Bytes a process printed, as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh, empty temporary folder for one test of this process.
pub fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ponyccg-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a temporary folder");
    d
}
