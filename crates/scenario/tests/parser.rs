//! The parser faces users: arbitrary text and mutated valid files never panic, and a
//! malformed file gets one error naming the file, line and field.

use proptest::prelude::*;

const TEMPLATE: &str = ponyccg_scenario::TEMPLATE;

fn err(text: &str) -> ponyccg_scenario::ScenarioError {
    match ponyccg_scenario::parse("bad.toml", text) {
        Ok(_) => panic!("should not parse:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn a_misspelt_field_names_its_line_and_field() {
    let text = TEMPLATE.replace("hand = []", "hnad = []");
    let e = err(&text);
    let line = text.lines().position(|l| l.starts_with("hnad")).unwrap() + 1;
    assert_eq!(e.line, line, "{e}");
    assert!(e.to_string().contains("bad.toml:"), "{e}");
    assert!(e.message.contains("hnad"), "{e}");
}

#[test]
fn a_wrong_type_names_the_field() {
    let text = TEMPLATE.replace("score = 0", "score = \"zero\"");
    let e = err(&text);
    assert_eq!(e.field, "score", "{e}");
    assert_eq!(
        e.line,
        text.lines()
            .position(|l| l.starts_with("score = \"zero\""))
            .unwrap()
            + 1
    );
}

#[test]
fn an_unknown_card_is_named_with_a_suggestion_line() {
    let text = TEMPLATE.replace("problem = \"XP\"", "problem = \"XQQ\"");
    let e = err(&text);
    assert_eq!(e.field, "problem", "{e}");
    assert!(e.message.contains("XQQ"), "{e}");
    assert_eq!(
        e.line,
        text.lines().position(|l| l.contains("\"XQQ\"")).unwrap() + 1
    );
}

#[test]
fn semantic_errors_name_line_and_field() {
    for (from, to, field) in [
        ("player = \"P1\"\nstart", "player = \"P3\"\nstart", "player"),
        ("start = \"score\"", "start = \"lunch\"", "start"),
        (
            "colors = [\"blue\"]\npower = 3",
            "colors = [\"teal\"]\npower = 3",
            "colors",
        ),
        (
            "confront = [\"3 blue\"]",
            "confront = [\"three blue\"]",
            "confront",
        ),
        (
            "pass_until = \"main\"",
            "pass_until = \"tea time\"",
            "pass_until",
        ),
        ("area = \"P1\"", "area = \"P9\"", "cards.area"),
        (
            "prompt = \"phase action\"",
            "prompt = \"phase reaction\"",
            "decision.prompt",
        ),
    ] {
        assert!(TEMPLATE.contains(from), "{from}");
        let e = err(&TEMPLATE.replacen(from, to, 1));
        assert_eq!(e.field, field, "{e}");
        assert!(e.line > 0, "{e}");
    }
}

#[test]
fn a_turn_order_that_cannot_be_is_refused() {
    let text = TEMPLATE.replace(
        "player = \"P1\"\nstart",
        "player = \"P1\"\nfirst = \"P2\"\nstart",
    );
    let e = err(&text);
    assert_eq!(e.field, "first", "{e}");
}

#[test]
fn a_step_with_two_actions_is_refused() {
    let text = TEMPLATE.replace(
        "pass_until = \"main\"",
        "pass_until = \"main\"\nconcede = \"P2\"",
    );
    let e = err(&text);
    assert!(e.message.contains("one action"), "{e}");
}

#[test]
fn unexpected_decision_at_the_end_fails_the_scenario() {
    let end = TEMPLATE.find("[end]").unwrap();
    let text = &TEMPLATE[..end];
    let s = ponyccg_scenario::parse("strict.toml", text).unwrap();
    let r = s.run();
    assert!(!r.passed());
    assert!(r.to_string().contains("decision"), "{r}");
    let allowed = format!("{text}[end]\nallow_pending = true\n");
    let r = ponyccg_scenario::parse("strict.toml", &allowed)
        .unwrap()
        .run();
    assert!(r.passed(), "{r}");
}

#[test]
fn a_wrong_expectation_fails_with_expected_and_found() {
    let text = TEMPLATE.replace("score = { P1 = 1, P2 = 0 }", "score = { P1 = 2, P2 = 0 }");
    let r = ponyccg_scenario::parse("wrong.toml", &text).unwrap().run();
    let shown = r.to_string();
    assert!(shown.contains("expected: P1 has 2 points"), "{shown}");
    assert!(shown.contains("found:    P1 has 1 points"), "{shown}");
}

fn mutate(base: &str, at: usize, cut: usize, insert: &str) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    let at = at % (chars.len() + 1);
    let end = (at + cut).min(chars.len());
    chars.splice(at..end, insert.chars());
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        let _ = ponyccg_scenario::parse("any.toml", &text);
    }

    #[test]
    fn tomlish_text_never_panics(text in "(\\[\\[?(card|player|step|step\\.cards|end|turn|scenario)\\]\\]?\n|[a-z_]{1,12} = (\"[A-Za-z0-9 ]{0,8}\"|[0-9]{1,3}|true|\\[\"[A-Z0-9]{1,3}\"\\])\n){0,30}") {
        if let Ok(s) = ponyccg_scenario::parse("toml.toml", &text) {
            let _ = s.run();
        }
    }

    #[test]
    fn mutated_valid_files_never_panic(at in 0usize..4000, cut in 0usize..20, insert in "[ -~\n]{0,12}") {
        let text = mutate(TEMPLATE, at, cut, &insert);
        match ponyccg_scenario::parse("mutated.toml", &text) {
            Ok(s) => { let _ = s.run(); }
            Err(e) => {
                prop_assert!(e.file == "mutated.toml");
                prop_assert!(!e.message.is_empty());
            }
        }
    }

    #[test]
    fn mutated_scenario_numbers_never_panic(n in any::<i64>(), which in 0usize..6) {
        let keys = ["power = 3", "cost = 2", "bonus = 1", "number = 3", "opponent = 4", "score = 0"];
        let text = TEMPLATE.replacen(keys[which], &format!("{} = {n}", keys[which].split(" =").next().unwrap()), 1);
        if let Ok(s) = ponyccg_scenario::parse("n.toml", &text) {
            let _ = s.run();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_turn_number_score_or_counter_never_panics(n in 0u32..=u32::MAX, which in 0usize..4) {
        let text = match which {
            0 => TEMPLATE.replacen("number = 3", &format!("number = {n}"), 1),
            1 => TEMPLATE.replacen("score = 0", &format!("score = {}", n % 65536), 1),
            2 => TEMPLATE.replacen("tokens = 0", &format!("tokens = {}", n % 65536), 1),
            _ => TEMPLATE.replacen("P1 = [\"XF\"]", &format!("P1 = [{{ card = \"XF\", counters = {} }}]", (n % 65536) as i64 - 32768), 1),
        };
        if let Ok(s) = ponyccg_scenario::parse("n.toml", &text) {
            let _ = s.run();
        }
    }
}
