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
