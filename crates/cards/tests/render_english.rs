//! The rendered text of every scripted card reads as English: none of the broken joins
//! the renderer once made (a cost's "to" followed by a clause with its own subject, a
//! doubled "of your choice", "a" before a vowel, a bare "not (…)", …) comes back.

use ponyccg_cards::{render, Catalogue};
use ponyccg_core::card::ScriptStatus;

/// Substrings that never belong in rendered text, each with why.
const BROKEN: &[(&str, &str)] = &[
    (
        " to you ",
        "a cost's \"to\" before a clause whose subject is \"you\"",
    ),
    (
        " to your opponent ",
        "a cost's \"to\" before a clause with its own subject",
    ),
    (
        " to each player ",
        "a cost's \"to\" before a clause with its own subject",
    ),
    (
        " to that player ",
        "a cost's \"to\" before a clause with its own subject",
    ),
    (
        " to the next ",
        "a cost's \"to\" before a clause with its own subject",
    ),
    (" to if ", "a cost's \"to\" before a condition"),
    (
        " action tokens to a ",
        "a cost's \"to\" before a clause with its own subject",
    ),
    (
        " action token to a ",
        "a cost's \"to\" before a clause with its own subject",
    ),
    ("you may you ", "a doubled subject"),
    (
        "you may do this (\"you\" being that player)",
        "an instruction by \"you\" needs no aside naming who \"you\" is",
    ),
    ("choose a card of your choice", "a doubled choice"),
    (
        "of your choice (\"that card\"",
        "\"choose\" then \"of your choice\"",
    ),
    ("not (", "a bare negation"),
    (
        "it is not the case that there are at least",
        "\"not at least\" is \"fewer than\"",
    ),
    ("a \"A", "\"a\" before a vowel"),
    ("a \"E", "\"a\" before a vowel"),
    ("a \"I", "\"a\" before a vowel"),
    ("a \"O", "\"a\" before a vowel"),
    ("a \"U", "\"a\" before a vowel"),
    (
        "a card this is attached to",
        "the host is one card: \"the\"",
    ),
    (
        "there is the card",
        "the host named as if it might not exist",
    ),
    (
        "you control in a ",
        "cards in a hand or discard pile aren't controlled",
    ),
    ("top 1 card", "one card is \"the top card\""),
    ("or less with power", "a power range said twice"),
    ("  ", "a doubled space"),
    (" to to ", "a cost ending in \"to\" run into its \"to\""),
    (
        "you draw 1 card from the bottom of their deck",
        "\"their\" with no antecedent: the drawer's deck is \"your deck\"",
    ),
    ("cards is revealed", "several cards \"are\" revealed"),
    (
        "where there is a Problem",
        "every Problem area holds its Problem: only the condition says which (CN0)",
    ),
    (
        "if you don't, .",
        "a payment with nothing to do when declined has no \"if you don't\" (AD3)",
    ),
];

fn rendered() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for e in Catalogue::builtin()
        .entries()
        .filter(|e| e.def.script == ScriptStatus::Scripted)
    {
        for line in render::card_text(&e.def) {
            out.push((e.def.number.clone(), line.trim_start().to_string()));
        }
    }
    out
}

#[test]
fn rendered_card_text_has_none_of_the_broken_joins() {
    let mut bad = Vec::new();
    for (number, line) in rendered() {
        for (pattern, why) in BROKEN {
            if line.contains(pattern) {
                bad.push(format!("{number}: {why} ({pattern:?}): {line}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_cost_before_an_instruction_with_its_own_subject_is_joined_with_then() {
    // CN2: an optional cost, then a Friend gets +2 power; PR19: a cost, then "you gain".
    let cat = Catalogue::builtin();
    let text = |n: &str| render::card_text(&cat.get(n).unwrap().def).join("\n");
    let cn2 = text("CN2");
    assert!(
        cn2.contains("you may pay 2 action tokens; if you do, a Friend"),
        "{cn2}"
    );
    let pr19 = text("PR19");
    assert!(
        pr19.contains("you may exhaust this card to gain 1 action token"),
        "{pr19}"
    );
    let pr11 = text("PR11");
    assert!(
        pr11.contains("Exhaust this card; then the next Friend"),
        "{pr11}"
    );
}

#[test]
fn a_condition_on_the_host_keeps_whose_card_it_is() {
    // EO165: it exhausts its host only if that Friend is an opponent's; the rendered
    // condition once said merely that the card was attached to something.
    let cat = Catalogue::builtin();
    let eo165 = render::card_text(&cat.get("EO165").unwrap().def).join("\n");
    assert!(
        eo165.contains("if this card is attached to an opposing card"),
        "{eo165}"
    );
}

#[test]
fn a_single_step_of_that_players_own_reads_plainly() {
    // PR185: the confronting player may draw; no aside on who "you" is.
    let cat = Catalogue::builtin();
    let pr185 = render::card_text(&cat.get("PR185").unwrap().def).join("\n");
    assert!(pr185.contains("that player may draw 1 card."), "{pr185}");
}

#[test]
fn losing_as_many_tokens_as_one_has_reads_as_losing_them_all() {
    // CG95: at the end of the faceoff its player loses every token.
    let cat = Catalogue::builtin();
    let cg95 = render::card_text(&cat.get("CG95").unwrap().def).join("\n");
    assert!(
        cg95.contains("you lose all of your action tokens"),
        "{cg95}"
    );
}

#[test]
fn several_chosen_cards_are_named_as_several() {
    // CG83: every revealed Friend is chosen; they go to their owner's hand.
    let cat = Catalogue::builtin();
    let cg83 = render::card_text(&cat.get("CG83").unwrap().def).join("\n");
    assert!(
        cg83.contains("(\"the chosen cards\" from here on), then return the chosen cards to their owner's hand"),
        "{cg83}"
    );
}

/// Verbs in their third-person form, wrong after "you" or "they" ("you has", AD189).
const THIRD_PERSON: &[&str] = &[
    "has",
    "gains",
    "gets",
    "puts",
    "shuffles",
    "draws",
    "loses",
    "pays",
    "moves",
    "chooses",
    "does",
    "discards",
    "reveals",
    "exhausts",
    "readies",
    "plays",
    "controls",
    "dismisses",
    "searches",
    "returns",
    "looks",
    "scores",
    "removes",
    "takes",
    "flips",
    "banishes",
    "frightens",
    "confronts",
    "wins",
    "wants",
    "names",
    "turns",
    "places",
    "sends",
];

/// Verbs in their base form, wrong after a singular subject other than "you".
const BASE_FORM: &[&str] = &[
    "have", "gain", "get", "put", "shuffle", "draw", "lose", "pay", "move", "choose", "discard",
    "reveal", "exhaust", "ready", "play", "control", "dismiss", "search", "return", "look",
    "score", "remove", "take", "flip", "banish", "frighten", "confront", "win",
];

/// Singular subjects that take a verb ending in "s".
const SINGULAR_SUBJECTS: &[&str] = &[
    "each player",
    "your opponent",
    "that player",
    "its controller",
    "its owner",
    "that player's opponent",
];

fn words(line: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-')
                .to_lowercase()
        })
        .collect()
}

/// The mechanical grammar checks one rendered line fails, each named.
fn grammar_slips(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let raw: Vec<&str> = line.split_whitespace().collect();
    let w = words(line);
    for i in 0..w.len() {
        let next = w.get(i + 1).map(String::as_str).unwrap_or("");
        // A subject and its verb: only when the verb follows the subject directly and
        // nothing (a comma, a quote) stands between them.
        let joined = !raw[i].ends_with([',', ';', '.', ':', '"', ')'])
            && !raw.get(i + 1).is_some_and(|r| r.starts_with(['(', '"']));
        if joined && (w[i] == "you" || w[i] == "they") && THIRD_PERSON.contains(&next) {
            out.push(format!("\"{} {next}\": subject and verb disagree", w[i]));
        }
        // "a"/"an" by the next word's first sound.
        if w[i] == "a" && raw[i] == "a" || raw[i] == "A" {
            let starts_vowel = next.starts_with(['a', 'e', 'i', 'o', 'u'])
                && !next.starts_with("uni")
                && !next.starts_with("use")
                && !next.starts_with("one");
            if starts_vowel {
                out.push(format!("\"a {next}\": \"an\" before a vowel"));
            }
        }
        if (raw[i] == "an" || raw[i] == "An")
            && !next.is_empty()
            && !next.starts_with(['a', 'e', 'i', 'o', 'u'])
        {
            out.push(format!("\"an {next}\": \"a\" before a consonant"));
        }
        // A word said twice ("the the"), unless punctuation stands between them.
        if !next.is_empty() && w[i] == next && joined && !w[i].chars().all(|c| c.is_numeric()) {
            out.push(format!("\"{} {next}\": a doubled word", w[i]));
        }
        // A phrase of two to five words said twice in a row ("in the faceoff in the
        // faceoff", AD159).
        for n in (2..=5).take_while(|n| i + 2 * n <= w.len()) {
            let unbroken = raw[i..i + n]
                .iter()
                .all(|r| !r.ends_with([',', ';', '.', ':', ')']));
            if unbroken && w[i..i + n] == w[i + n..i + 2 * n] {
                out.push(format!("\"{}\": a doubled phrase", w[i..i + n].join(" ")));
            }
        }
        // "their" must point back to a player or to several cards, not to "you" (RRf2,
        // CS8, CN26: "you shuffle their deck").
        if w[i] == "their" {
            // Several cards are an antecedent ("the chosen cards … their owner's
            // hand"), but not a count of them ("you put 4 cards from … their deck").
            let counted = |k: usize| k > 0 && w[k - 1].chars().all(|c| c.is_numeric());
            let antecedent = w[..i].iter().enumerate().rev().find(|&(k, x)| {
                matches!(
                    x.as_str(),
                    "you"
                        | "your"
                        | "player"
                        | "players"
                        | "opponent"
                        | "opponents"
                        | "owner"
                        | "owners"
                        | "they"
                        | "them"
                        | "controller"
                        | "who"
                ) || (x.ends_with('s')
                    && x.len() > 3
                    && !x.contains('\'')
                    && !counted(k)
                    && !THIRD_PERSON.contains(&x.as_str())
                    && !matches!(
                        x.as_str(),
                        "this" | "is" | "has" | "was" | "plus" | "tokens"
                    ))
            });
            match antecedent.map(|(_, x)| x.as_str()) {
                Some("you" | "your") | None => {
                    out.push("\"their\" with no player or cards before it".into())
                }
                Some(_) => {}
            }
        }
    }
    for s in SINGULAR_SUBJECTS {
        let sw: Vec<&str> = s.split(' ').collect();
        for i in 0..w.len().saturating_sub(sw.len()) {
            if w[i..i + sw.len()].iter().map(String::as_str).eq(sw.iter().copied())
                && BASE_FORM.contains(&w[i + sw.len()].as_str())
                && !raw[i + sw.len() - 1].ends_with([',', ';', '.', ':', '"', ')'])
                // "… that player's opponent": its last word is part of a longer subject.
                && !(sw == ["your", "opponent"] && i > 0 && w[i - 1] == "player's")
            {
                out.push(format!(
                    "\"{s} {}\": subject and verb disagree",
                    w[i + sw.len()]
                ));
            }
        }
    }
    // A cost's "to" before a clause with its own verb: "pay 2 action tokens to a Friend
    // … gets +2 power" (CN2 once); a subordinate "that"/"which"/"with" clause may have one.
    let lower = line.to_lowercase();
    for clause in lower.split([',', ';', '.', '(', ')', ':']) {
        // "attached to it gets" is a description, not a cost's "to".
        for (at, _) in clause.match_indices(" to ") {
            if clause[..at].ends_with("attached") {
                continue;
            }
            let after: Vec<&str> = clause[at + 4..].split_whitespace().collect();
            for (j, word) in after.iter().enumerate() {
                if matches!(
                    *word,
                    "that" | "which" | "who" | "with" | "if" | "and" | "or" | "where" | "this"
                ) {
                    break;
                }
                if j > 0 && matches!(*word, "gets" | "gains" | "loses" | "has") {
                    out.push(format!(
                        "\"to {}\": a cost's \"to\" before a clause",
                        after[..=j].join(" ")
                    ));
                    break;
                }
            }
        }
    }
    for bad in [
        "()", "( ", " )", " ,", " .", " ;", ",,", "..", ";;", ",.", ".,", "\"\"",
    ] {
        if line.contains(bad) {
            out.push(format!("{bad:?}: stray punctuation"));
        }
    }
    // The host is one card: "the card this is attached to" (AD136).
    let mut from = 0;
    while let Some(at) = lower[from..].find("card this is attached to") {
        let before = lower[..from + at].trim_end();
        if !before.ends_with("the") {
            out.push("\"card this is attached to\" without \"the\"".into());
        }
        from += at + 1;
    }
    out
}

#[test]
fn rendered_card_text_passes_the_mechanical_grammar_checks() {
    let mut bad = Vec::new();
    for (number, line) in rendered() {
        for slip in grammar_slips(&line) {
            bad.push(format!("{number}: {slip}: {line}"));
        }
    }
    assert!(bad.is_empty(), "{} slips:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn the_grammar_checks_catch_the_slips_second_readers_found() {
    for slip in [
        "if you has more power here",
        "choose a Friend in the faceoff in the faceoff (\"that card\")",
        "you shuffle their deck",
        "Players pay 2 more to challenge card this is attached to.",
        "you put 4 cards from the top of their deck",
        "pay 2 action tokens to a Friend you control gets +2 power",
        "choose a opposing Friend",
        "each player draw 1 card",
    ] {
        assert!(!grammar_slips(slip).is_empty(), "not caught: {slip}");
    }
    for fine in [
        "your opponent puts 4 cards from the top of their deck into their discard pile",
        "return the chosen cards to their owner's hand",
        "move that card to a Problem that has a Friend",
        "an opposing Friend gets +1 power",
    ] {
        assert!(
            grammar_slips(fine).is_empty(),
            "wrongly caught: {fine}: {:?}",
            grammar_slips(fine)
        );
    }
}

#[test]
fn drawing_from_the_bottom_names_the_drawers_deck() {
    // CG26, CG111: the player draws from the bottom of their own deck; the text once
    // said "you draw ... of their deck" with no one for "their" to stand for.
    let cat = Catalogue::builtin();
    for n in ["CG26", "CG111"] {
        let t = render::card_text(&cat.get(n).unwrap().def).join("\n");
        assert!(t.contains("from the bottom of your deck"), "{n}: {t}");
    }
}

#[test]
fn several_chosen_cards_are_revealed() {
    // CG197: the Events chosen from hand are shown; one verb agreement for many cards.
    let cat = Catalogue::builtin();
    let cg197 = render::card_text(&cat.get("CG197").unwrap().def).join("\n");
    assert!(
        cg197.contains("the chosen cards are revealed to every player"),
        "{cg197}"
    );
}

#[test]
fn a_draw_replaced_for_the_player_concerned_names_whose_discard_pile() {
    // CG177: any player's Ready Phase draw may be replaced, by that player, from their
    // own discard pile; the text once said "each player would draw" and "your discard
    // pile" with "you" unexplained.
    let cat = Catalogue::builtin();
    let cg177 = render::card_text(&cat.get("CG177").unwrap().def).join("\n");
    assert!(cg177.contains("if a player would draw a card, that player (\"you\" being that player) may return a Resource in your discard pile"), "{cg177}");
}

#[test]
fn steps_after_another_players_instructions_are_back_in_the_controllers_voice() {
    // CN116: the opponent moves one of their Friends; the token for controlling Princess
    // Luna is the Event's player's. The text once ran the gain on after the opponent's
    // move with ", then", so it read as the opponent's.
    let cat = Catalogue::builtin();
    let cn116 = render::card_text(&cat.get("CN116").unwrap().def).join("\n");
    assert!(
        cn116.contains(
            "to an area of your choice; then, \"you\" being you again, if there is a \"Princess Luna\" card you control, you gain 1 action token"
        ),
        "{cn116}"
    );
}
