//! Running the built `ponyccg` binary from the command-line tests.

use std::process::Command;

/// Runs `ponyccg` with these arguments: whether it succeeded, and what it printed on
/// standard output then standard error.
pub fn ponyccg(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ponyccg"))
        .args(args)
        .output()
        .expect("ponyccg runs");
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}
