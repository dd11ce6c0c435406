//! Rules text rendered from scripts, in our own words, so a player can read what every
//! scripted card does without the printed text.

use ponyccg_core::ability::*;
use ponyccg_core::card::{CardDef, Face};

fn plural(n: i16, one: &str, many: &str) -> String {
    if n == 1 || n == -1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The card a move or send acts on, set off by a comma when its words end in "to" ("the
/// card this is attached to, to a Problem", CG145).
fn moved(t: &Target) -> String {
    let s = target(t);
    if s.ends_with(" to") {
        format!("{s},")
    } else {
        s
    }
}

/// A player named in a replacement's "would": each player is read one at a time, so
/// `Each` is "a player".
fn one_player(w: Who) -> &'static str {
    match w {
        Who::Each => "a player",
        Who::You
        | Who::Opponent
        | Who::ItsController
        | Who::ThatPlayer
        | Who::ThatPlayersOpponent => who(w),
    }
}

fn who(w: Who) -> &'static str {
    match w {
        Who::You => "you",
        Who::Opponent => "your opponent",
        Who::Each => "each player",
        Who::ItsController => "its controller",
        Who::ThatPlayer => "that player",
        Who::ThatPlayersOpponent => "that player's opponent",
    }
}

/// "you draw", "your opponent draws".
fn does(w: Who, verb: &str) -> String {
    match w {
        Who::You => format!("you {verb}"),
        other => format!("{} {verb}s", who(other)),
    }
}

/// "you have", "your opponent has".
fn has(w: Who) -> String {
    match w {
        Who::You => "you have".into(),
        Who::Each => "all players have together".into(),
        other => format!("{} has", who(other)),
    }
}

/// The possessive for `w`'s own deck or pile: "you shuffle your deck", "your opponent
/// shuffles their deck" ("their" would have no antecedent after "you", RRf2).
fn their(w: Who) -> &'static str {
    match w {
        Who::You => "your",
        Who::Opponent
        | Who::Each
        | Who::ItsController
        | Who::ThatPlayer
        | Who::ThatPlayersOpponent => "their",
    }
}

fn has_done(w: Who) -> String {
    match w {
        Who::You => "you have".into(),
        Who::Each => "all players have".into(),
        other => format!("{} has", who(other)),
    }
}

fn card_ref(r: CardRef) -> &'static str {
    match r {
        CardRef::This => "this card",
        CardRef::It => "that card",
        CardRef::Host => "the card this is attached to",
        CardRef::TopOfYourDeck => "the top card of your deck",
    }
}

/// What a counting amount counts, as "for each …" reads it ("card beneath this card").
fn each_of(a: &Amount) -> Option<String> {
    match a {
        Amount::CountOf(c) => Some(cards(c, false)),
        Amount::Beneath(r) => Some(format!("card beneath {}", card_ref(*r))),
        Amount::Colors(r) => Some(format!("colour {} has", card_ref(*r))),
        Amount::ColorsAmong(c) => Some(format!("colour among {}", cards(c, true))),
        Amount::Counters(r, name) => Some(format!("{name} counter on {}", card_ref(*r))),
        Amount::Tokens(w) => Some(format!("action token {}", has(*w))),
        Amount::Points(w) => Some(format!("point {}", has(*w))),
        Amount::PlayedThisTurn(w) => Some(format!("card {} played this turn", has_done(*w))),
        Amount::PlayedThisTurnOf(w, c) => Some(format!(
            "{} {} played this turn",
            cards(c, false),
            has_done(*w)
        )),
        Amount::DrawnThisTurn(w) => Some(format!("card {} drawn this turn", has_done(*w))),
        Amount::N(_)
        | Amount::HomeLimit(_)
        | Amount::BonusThere
        | Amount::Power(_)
        | Amount::PrintedPower(_)
        | Amount::Cost(_)
        | Amount::Sum(_)
        | Amount::Difference(..)
        | Amount::Times(..)
        | Amount::Half(..)
        | Amount::MostPower(_)
        | Amount::LeastPower(_) => None,
    }
}

/// An amount as a noun phrase ("the number of action tokens your opponent has").
pub fn number(a: &Amount) -> String {
    match a {
        Amount::N(n) => n.to_string(),
        Amount::CountOf(c) => format!("the number of {}", cards(c, true)),
        Amount::BonusThere => "that Problem's bonus".into(),
        Amount::Power(r) => format!("{}'s power", card_ref(*r)),
        Amount::PrintedPower(r) => format!("{}'s printed power", card_ref(*r)),
        Amount::Cost(r) => format!("{}'s printed cost", card_ref(*r)),
        Amount::Colors(r) => format!("the number of colours {} has", card_ref(*r)),
        Amount::Counters(r, name) => format!("the number of {name} counters on {}", card_ref(*r)),
        Amount::Beneath(r) => format!("the number of cards beneath {}", card_ref(*r)),
        Amount::ColorsAmong(c) => format!("the number of colours among {}", cards(c, true)),
        Amount::Tokens(w) => format!("the number of action tokens {}", has(*w)),
        Amount::Points(w) => format!("the number of points {}", has(*w)),
        Amount::HomeLimit(w) => format!("the home limit {}", has(*w)),
        Amount::PlayedThisTurn(w) => {
            format!("the number of cards {} played this turn", has_done(*w))
        }
        Amount::PlayedThisTurnOf(w, c) => {
            format!(
                "the number of {} {} played this turn",
                cards(c, true),
                has_done(*w)
            )
        }
        Amount::DrawnThisTurn(w) => {
            format!("the number of cards {} drawn this turn", has_done(*w))
        }
        Amount::MostPower(c) => format!("the highest power among {}", cards(c, true)),
        Amount::LeastPower(c) => format!("the lowest power among {}", cards(c, true)),
        Amount::Sum(v) => {
            let parts: Vec<String> = v.iter().map(number).collect();
            format!("({})", parts.join(" plus "))
        }
        Amount::Difference(x, y) => format!("({} minus {})", number(x), number(y)),
        Amount::Times(2, x) => format!("twice {}", number(x)),
        Amount::Times(n, x) => format!("{n} times {}", number(x)),
        Amount::Half(x, Round::Up) => format!("half {}, rounded up", number(x)),
        Amount::Half(x, Round::Down) => format!("half {}, rounded down", number(x)),
    }
}

fn amount(a: &Amount, one: &str, many: &str) -> String {
    if let Amount::N(n) = a {
        return plural(*n, one, many);
    }
    if let Some(each) = each_of(a) {
        return format!("one {one} for each {each}");
    }
    if let Amount::Times(n, x) = a {
        if let Some(each) = each_of(x) {
            return format!("{} for each {each}", plural(*n, one, many));
        }
    }
    format!("{many} equal to {}", number(a))
}

fn kind(k: Option<CardKind>, plural_form: bool) -> String {
    let s = match k {
        None => "card",
        Some(CardKind::Character) => "character",
        Some(CardKind::Type(t)) => t.name(),
    };
    if plural_form {
        format!("{s}s")
    } else {
        s.to_string()
    }
}

/// " on this card" / " attached to a Friend": the host an attachment goes on (CN80, AD112).
fn host_words(on: Option<&Cards>, prep: &str) -> String {
    let this_card = Cards {
        is_this: true,
        ..Cards::default()
    };
    match on {
        None => String::new(),
        Some(c) if *c == this_card => format!(" {prep} this card"),
        Some(c) => format!(" {prep} {}", a(&cards(c, false))),
    }
}

/// A noun phrase for cards that fit: "opposing Pegasus Friend here with power 2 or
/// less", "Troublemakers you control there". No article; see [`a`].
pub fn cards(c: &Cards, plural_form: bool) -> String {
    described(c, plural_form, "")
}

/// A description with `after_noun` (" of your choice") right after the card's kind and
/// who controls it, before the longer qualifiers, so it reads as part of the noun.
fn described(c: &Cards, plural_form: bool, after_noun: &str) -> String {
    if c.host {
        // Counted, the host is one of "the cards this is attached to" that fit (CG134).
        let (noun, yours) = match (plural_form, c.controller) {
            (true, Some(Who::You)) => ("cards", " that you control"),
            (true, _) => ("cards", ""),
            (false, _) => ("card", ""),
        };
        return format!(
            "{noun} this is attached to{yours}{after_noun}{}",
            place_words(c.place)
        );
    }
    // Cards in a hand, deck or discard pile are nobody's to control: they are in a
    // player's pile ("in your discard pile").
    let pile = matches!(
        c.place,
        Some(
            Place::Hand
                | Place::Discard
                | Place::Deck
                | Place::Banished
                | Place::DeckBottom
                | Place::DeckTop
        )
    );
    let mut words = Vec::new();
    if c.other {
        words.push("other".to_string());
    }
    if c.controller == Some(Who::Opponent) && !pile {
        words.push("opposing".into());
    }
    if let Some(r) = c.ready {
        words.push(if r { "ready" } else { "exhausted" }.into());
    }
    if let Some(f) = c.frightened {
        words.push(if f { "frightened" } else { "unfrightened" }.into());
    }
    if let Some(down) = c.face_down {
        words.push(if down { "face-down" } else { "face-up" }.into());
    }
    if let Some(col) = c.color {
        words.push(col.name().into());
    }
    if !c.any_color.is_empty() {
        let names: Vec<&str> = c.any_color.iter().map(|x| x.name()).collect();
        words.push(names.join(" or "));
    }
    if let Some(col) = c.without_color {
        words.push(format!("non-{}", col.name()));
    }
    match c.unique {
        Some(true) => words.push("Unique".into()),
        Some(false) => words.push("non-Unique".into()),
        None => {}
    }
    if let Some(t) = &c.without_trait {
        words.push(format!("non-{t}"));
    }
    if let Some(t) = &c.trait_ {
        words.push(t.clone());
    }
    if let Some(t) = &c.any_trait {
        words.push(t.0.join(" or "));
    }
    if let Some(t) = &c.title {
        words.push(format!("\"{t}\""));
    }
    if c.any_type.is_empty() {
        words.push(kind(c.card_type, plural_form));
    } else {
        // "Friend or Resource" (a `type` given too only narrows it).
        let kinds: Vec<String> = c
            .any_type
            .iter()
            .map(|&k| kind(Some(k), plural_form))
            .collect();
        words.push(kinds.join(" or "));
    }
    let mut s = words.join(" ");
    match (pile, c.controller) {
        (true, Some(w)) => s.push_str(&pile_words(w, c.place)),
        (false, Some(Who::You)) => s.push_str(" you control"),
        (false, Some(Who::ThatPlayer)) => s.push_str(" that player controls"),
        (false, Some(Who::ThatPlayersOpponent)) => s.push_str(" that player's opponent controls"),
        (false, Some(Who::Opponent | Who::Each | Who::ItsController)) | (_, None) => {}
    }
    s.push_str(after_noun);
    if !(pile && c.controller.is_some()) {
        s.push_str(place_words(c.place));
    }
    // A power compared with an amount may itself end "in the faceoff" (AD159): say the
    // card's own involvement first.
    let involved_first = c.involved && c.power_vs.is_some();
    if involved_first {
        s.push_str(" in the faceoff");
    }
    match (c.power_at_least, c.power_at_most) {
        (Some(l), Some(m)) if l == m => s.push_str(&format!(" with power {l}")),
        (Some(l), Some(m)) => s.push_str(&format!(" with power {l} to {m}")),
        (None, Some(m)) => s.push_str(&format!(" with power {m} or less")),
        (Some(l), None) => s.push_str(&format!(" with power {l} or more")),
        (None, None) => {}
    }
    if let Some(vs) = &c.power_vs {
        s.push_str(&format!(
            " with power {} {}",
            cmp_words(vs.0),
            number(&vs.1)
        ));
    }
    if let Some(cmp) = c.power_vs_cost {
        s.push_str(&format!(" with power {} its cost", cmp_words(cmp)));
    }
    if let Some((cmp, n)) = c.printed_power {
        let how = match cmp {
            Cmp::AtLeast => format!("{n} or more"),
            Cmp::AtMost => format!("{n} or less"),
            Cmp::MoreThan => format!("more than {n}"),
            Cmp::LessThan => format!("less than {n}"),
            Cmp::EqualTo => format!("{n}"),
        };
        s.push_str(&format!(" with printed power {how}"));
    }
    if let Some(n) = c.cost_at_most {
        s.push_str(&format!(" costing {n} or less"));
    }
    if let Some(vs) = &c.cost_vs {
        s.push_str(&format!(
            " with a cost {} {}",
            cmp_words(vs.0),
            number(&vs.1)
        ));
    }
    if let Some(vs) = &c.printed_power_vs {
        s.push_str(&format!(
            " with printed power {} {}",
            cmp_words(vs.0),
            number(&vs.1)
        ));
    }
    if c.on_this {
        s.push_str(" attached to this card");
    }
    match c.attached {
        Some(true) => s.push_str(" attached to a card"),
        Some(false) => s.push_str(" not attached to a card"),
        None => {}
    }
    if let Some(h) = &c.attached_to {
        s.push_str(&format!(" attached to {}", a(&cards(h, false))));
    }
    if c.involved && !involved_first {
        s.push_str(" in the faceoff");
    }
    if let Some(x) = &c.has_attached {
        s.push_str(&format!(" with {} attached to it", a(&cards(x, false))));
    }
    if let Some(x) = &c.without_attached {
        s.push_str(&format!(" with no {} attached to it", cards(x, false)));
    }
    match c.token {
        Some(true) => s.push_str(" that is a token"),
        Some(false) => s.push_str(" that is not a token"),
        None => {}
    }
    if c.named {
        s.push_str(" with the name this card named");
    }
    if c.same_name_as_it {
        s.push_str(" with the same name as that card");
    }
    match c.boosted {
        Some(true) => s.push_str(" on its Boosted side"),
        Some(false) => s.push_str(" on its Start side"),
        None => {}
    }
    if c.other_than_it {
        s.push_str(" other than that card");
    }
    if c.other_than_paid {
        s.push_str(" other than those that paid the cost");
    }
    if c.is_it {
        s.push_str(" that is that card");
    }
    if c.is_this {
        s.push_str(" that is this card");
    }
    if let Some(n) = c.bottom {
        s.push_str(&format!(" among the bottom {n} cards of the deck"));
    }
    match c.shares_with_it {
        Some(Aspect::Type) => s.push_str(" that shares a card type with that card"),
        Some(Aspect::Color) => s.push_str(" that shares a colour with that card"),
        None => {}
    }
    match c.differs_from_it {
        Some(Aspect::Type) => s.push_str(" of another card type than that card"),
        Some(Aspect::Color) => s.push_str(" whose colours differ from that card's"),
        None => {}
    }
    if let Some(k) = c.keyword {
        s.push_str(&format!(" with {}", k.name()));
    }
    if c.has_beneath {
        s.push_str(" with a card beneath it");
    }
    if let Some(col) = c.only_color {
        s.push_str(&format!(" whose only colour is {}", col.name()));
    }
    if c.only_chosen_color {
        s.push_str(" whose only colour is the chosen one");
    }
    if c.most_power {
        s.push_str(" with more power than any other such card");
    }
    if let Some(x) = &c.most_attached {
        s.push_str(&format!(
            " with more {} attached to it than any other such card",
            cards(x, true)
        ));
    }
    s
}

/// " in your discard pile": a hand, deck or discard pile of the named player.
fn pile_words(w: Who, p: Option<Place>) -> String {
    let whose = match w {
        Who::You => "your",
        Who::Opponent => "your opponent's",
        Who::Each => "a player's",
        Who::ItsController => "its controller's",
        Who::ThatPlayer => "that player's",
        Who::ThatPlayersOpponent => "that player's opponent's",
    };
    let pile = match p {
        Some(Place::Hand) => "hand",
        Some(Place::Deck) => "deck",
        Some(Place::DeckBottom) => return format!(" at the bottom of {whose} deck"),
        Some(Place::DeckTop) => return format!(" on top of {whose} deck"),
        Some(Place::Banished) => "banished zone",
        _ => "discard pile",
    };
    format!(" in {whose} {pile}")
}

fn place_words(p: Option<Place>) -> &'static str {
    match p {
        Some(Place::Here) => " here",
        Some(Place::AtAProblem) => " at a Problem",
        Some(Place::AtHome) => " at home",
        Some(Place::There) => " there",
        Some(Place::Hand) => " in a hand",
        Some(Place::Discard) => " in a discard pile",
        Some(Place::Deck) => " in a deck",
        Some(Place::AtOpponentsProblem) => " at an opponent's Problem",
        Some(Place::Involved) => " involved in the faceoff",
        Some(Place::WasInvolved) => " that was involved in the faceoff",
        Some(Place::Flipped) => " flipped in the faceoff",
        Some(Place::AtFaceoff) => " where the faceoff is",
        Some(Place::Elsewhere) => " not in this card's area",
        Some(Place::Revealed) => " revealed this way",
        Some(Place::Picked) => " chosen this way",
        Some(Place::Banished) => " in a banished zone",
        Some(Place::BeneathThis) => " banished beneath this card",
        Some(Place::Linked) => " banished by this card and still banished",
        Some(Place::SetAside) => " set aside",
        Some(Place::AtIts) => " at that card's area",
        Some(Place::DeckBottom) => " at the bottom of a deck",
        Some(Place::DeckTop) => " on top of a deck",
        Some(Place::BeneathIt) => " banished beneath that card",
        Some(Place::Challenging) => " that the challenge would involve",
        Some(Place::Anywhere) => "",
        Some(Place::InPlay) | None => "",
    }
}

/// The phrase with its indefinite article ("an opposing Friend", "another Friend").
pub fn a(phrase: &str) -> String {
    // A card has one host: "the" card this is attached to.
    if phrase.starts_with("card this is attached to") {
        return format!("the {phrase}");
    }
    if let Some(rest) = phrase.strip_prefix("other ") {
        return format!("another {rest}");
    }
    // A quoted name reads by its first letter: 'an "Applejack" character'; but "a
    // Unicorn": these words begin with the sound of "you" (CG34).
    let word = phrase.trim_start_matches('"');
    if ["Uni", "uni", "Use", "use"]
        .iter()
        .any(|p| word.starts_with(p))
    {
        return format!("a {phrase}");
    }
    match word.chars().next() {
        Some(c) if "aeiouAEIOU".contains(c) => format!("an {phrase}"),
        _ => format!("a {phrase}"),
    }
}

fn subject(s: &Subject) -> String {
    match s {
        Subject::This => "this card".into(),
        Subject::Any(c) => a(&cards(c, false)),
    }
}

fn target(t: &Target) -> String {
    match t {
        Target::This => "this card".into(),
        Target::It => "that card".into(),
        Target::Host => "the card this is attached to".into(),
        Target::ItsHost => "the card it was played on".into(),
        Target::Choose(c) => a(&described(c, false, " of your choice")),
        Target::UpTo(Amount::N(1), c) => format!("up to one {}", cards(c, false)),
        Target::UpTo(Amount::N(n), c) => format!("up to {n} {}", cards(c, true)),
        Target::UpTo(n, c) => format!("up to X {} (X is {})", cards(c, true), number(n)),
        Target::AnyNumber(c) => format!("any number of {}", cards(c, true)),
        Target::Exactly(Amount::N(1), c) => a(&described(c, false, " of your choice")),
        Target::Exactly(Amount::N(n), c) => {
            format!("{n} {}", described(c, true, " of your choice"))
        }
        Target::Exactly(n, c) => format!(
            "X {} (X is {})",
            described(c, true, " of your choice"),
            number(n)
        ),
        Target::AtRandom(c) => format!("{} at random", a(&cards(c, false))),
        Target::Picked => "the chosen cards".into(),
        Target::Rest => "the rest of those cards".into(),
        // The top of a deck is one card: "the card on top of your deck" (CN142, CN153).
        Target::Each(c) if c.place == Some(Place::DeckTop) => {
            format!("the {}", cards(c, false))
        }
        Target::Each(c) => format!("each {}", cards(c, false)),
    }
}

/// Whose hand or deck the cards go to: "its owner's" for one card, "their owner's" for
/// several (CG83's revealed Friends, the rest of the revealed cards).
fn owners(t: &Target) -> &'static str {
    if several(t) {
        "their owner's"
    } else {
        "its owner's"
    }
}

/// Whether the target names several cards at once (the ones read "their owner's").
fn several(t: &Target) -> bool {
    match t {
        Target::Picked | Target::Rest | Target::AnyNumber(_) => true,
        Target::Each(_)
        | Target::This
        | Target::It
        | Target::Host
        | Target::Choose(_)
        | Target::UpTo(..)
        | Target::Exactly(..)
        | Target::AtRandom(_)
        | Target::ItsHost => false,
    }
}

fn area(a: AreaRef) -> &'static str {
    match a {
        AreaRef::Home => "its controller's home",
        AreaRef::AProblem => "a Problem of your choice",
        AreaRef::Here => "this card's area",
        AreaRef::There => "that Problem",
        AreaRef::Anywhere => "an area of your choice",
        AreaRef::AnotherProblemThanIts => {
            "a Problem of your choice other than the one that card is at"
        }
        AreaRef::FaceoffProblem => "the Problem where the faceoff is",
    }
}

fn duration(d: Duration) -> std::borrow::Cow<'static, str> {
    match d {
        Duration::EndOfTurn => "until the end of the turn".into(),
        Duration::ThisFaceoff => "for the rest of this faceoff".into(),
        Duration::EndOfPhase => "until the end of the phase".into(),
        Duration::StartOfYourNextTurn => "until the start of your next turn".into(),
        Duration::Permanently => "permanently".into(),
        Duration::EndOfScorePhase => "until the end of the Score Phase".into(),
        Duration::WhileThisExhausted => "while this card stays exhausted".into(),
        Duration::Until { on, card } => {
            let whom = match card {
                CardRef::It => "it",
                CardRef::This => "this card",
                CardRef::Host => "the card this is on",
                CardRef::TopOfYourDeck => "the top card of your deck",
            };
            format!("until {whom} {}", happens_to(on)).into()
        }
    }
}

/// What happening to a card reads like, for a duration ending on it ("until it is
/// readied").
fn happens_to(h: Happening) -> String {
    match h {
        Happening::Played => "is played".into(),
        Happening::EntersPlay => "enters play".into(),
        Happening::Moved | Happening::MovedAway => "is moved".into(),
        Happening::LeavesArea => "leaves its area".into(),
        Happening::LeavesPlay => "leaves play".into(),
        Happening::Dismissed => "is dismissed".into(),
        Happening::Retired => "is retired".into(),
        Happening::ToDiscardPile => "is put into a discard pile".into(),
        Happening::Discards => "is discarded".into(),
        Happening::Confronts => "is confronted".into(),
        Happening::FaceoffBegins => "is in a faceoff".into(),
        Happening::WinsFaceoff => "is in a faceoff that is won".into(),
        Happening::Defeats => "is defeated".into(),
        Happening::Uncovered => "is uncovered".into(),
        Happening::Frightened => "becomes frightened".into(),
        Happening::Unfrightened => "becomes unfrightened".into(),
        Happening::TurnedFaceDown => "is turned face-down".into(),
        Happening::Readied => "is readied".into(),
        Happening::Exhausted => "becomes exhausted".into(),
        Happening::TurnedOver => "is turned over".into(),
        Happening::Solved => "is solved".into(),
        Happening::Challenges => "is challenged".into(),
        Happening::Flips => "is flipped".into(),
        Happening::Draws => "is drawn".into(),
        Happening::GainsTokens => "gains action tokens".into(),
        Happening::PaysTokens => "pays action tokens".into(),
        Happening::ScoresWith => "scores points".into(),
        Happening::ScoresBonus => "scores a Problem's bonus".into(),
        Happening::TurnStarts => "begins a turn".into(),
        Happening::TurnEnds => "ends a turn".into(),
        Happening::PhaseStarts(p) => format!("begins a {p:?} Phase"),
        Happening::AnyPhaseStarts => "begins a phase".into(),
        Happening::TakesAction => "takes an action".into(),
        Happening::PhaseEnds(p) => format!("ends a {p:?} Phase"),
        Happening::HasPower(n) => format!("has {n} or more power"),
    }
}

/// A continuous effect, with what it applies to.
pub fn static_effect(e: &StaticEffect, on: &str) -> String {
    let on_cards = |c: &Option<Cards>| match c {
        None => on.to_string(),
        Some(c) if c.host => "the card this is attached to".to_string(),
        Some(c) => format!("each {}", cards(c, false)),
    };
    match e {
        StaticEffect::Power { cards, amount: a } => {
            let n = match a {
                Amount::N(n) if *n >= 0 => format!("+{n} power"),
                Amount::N(n) => format!("{n} power"),
                a => match (each_of(a), a) {
                    (Some(each), _) => format!("+1 power for each {each}"),
                    (None, Amount::Times(n, x)) if each_of(x).is_some() => {
                        format!("{n:+} power for each {}", each_of(x).unwrap_or_default())
                    }
                    _ => format!("+X power (X is {})", number(a)),
                },
            };
            format!("{} gets {n}", on_cards(cards))
        }
        StaticEffect::GainColor { cards, color } => {
            format!("{} is also {}", on_cards(cards), color.name())
        }
        StaticEffect::GainChosenColor { cards } => {
            format!("{} is also the chosen colour", on_cards(cards))
        }
        StaticEffect::LoseColors { cards } => {
            format!("{} has no colour and can't gain any", on_cards(cards))
        }
        StaticEffect::GainKeyword { cards, keyword } => {
            format!("{} has {keyword}", on_cards(cards))
        }
        StaticEffect::Cost(c) => cost_change(c),
        StaticEffect::OutsideHomeLimit(c) => {
            format!("{} don't count towards your home limit", cards(c, true))
        }
        StaticEffect::ProblemBonus(n) => {
            format!(
                "the Problem at {on}'s area has {}",
                plural(*n as i16, "bonus point", "bonus points")
            )
        }
        StaticEffect::ContributesWhileExhausted => {
            format!("{on} contributes its power while exhausted")
        }
        StaticEffect::ColoredPower {
            cards,
            colors,
            amount,
        } => {
            let each: Vec<String> = colors
                .iter()
                .map(|c| format!("{amount:+} {} power", c.name()))
                .collect();
            format!("{} gets {}", on_cards(cards), each.join(" and "))
        }
        StaticEffect::Prohibit(p) => prohibition(p, on),
        StaticEffect::PlayAsFromHand => {
            format!("you may play {on} as though it were in your hand")
        }
        StaticEffect::NoColorRequirement => format!("{on} has no colour requirement"),
        StaticEffect::GainColorsOf { cards: c, of } => format!(
            "{} also has the colours of each {}",
            on_cards(c),
            cards(of, false)
        ),
        StaticEffect::Hook(h) => ponyccg_core::rules::hooks::words(*h).to_string(),
        StaticEffect::OthersEnter { cards: c, does } => match does {
            OnEntry::Exhausted => format!("{} enter play exhausted", cards(c, true)),
            OnEntry::Modifier {
                effect,
                duration: d,
            } => format!(
                "as each {} enters play, {} {}",
                cards(c, false),
                static_effect(effect, "it"),
                duration(*d)
            ),
        },
        StaticEffect::LoseKeyword(k) => format!("{on} loses {k}"),
        StaticEffect::GainType(t) => format!("{on} is also a {}", t.name()),
        StaticEffect::OnlyWhile { cond, effect } => {
            format!("{} while {}", static_effect(effect, on), condition(cond))
        }
        StaticEffect::Control(c) => match c.host {
            true => "you control the card this is attached to".to_string(),
            false => format!("you control each {}", cards(c, false)),
        },
        StaticEffect::ConfrontLess { who: w, power } => format!(
            "{} {power} less power, of any colour, to confront {on}",
            match w {
                Who::You => "you need".to_string(),
                Who::Each => "each player needs".to_string(),
                other => format!("{} needs", who(*other)),
            }
        ),
        StaticEffect::MeetConfront {
            who: w,
            condition: c,
        } => format!(
            "{} the confront requirements of {on}{}",
            match w {
                Who::You => "you meet".to_string(),
                other => format!("{} meets", who(*other)),
            },
            c.as_ref()
                .map(|c| {
                    // Its "here" is the Problem's area, which reads as "here" only when
                    // the text is on that Problem (CG141 gives it to a chosen one).
                    let text = condition(c);
                    if on == "this card" {
                        format!(" if {text}")
                    } else {
                        format!(" if {}", text.replace(" here", " at that Problem"))
                    }
                })
                .unwrap_or_default()
        ),
        StaticEffect::RevealTopOfDeck => {
            "you play with the top card of your deck revealed".to_string()
        }
        StaticEffect::MayLookAt(c) => format!("players may look at {}", cards(c, true)),
        StaticEffect::TroublemakersDontBlock => {
            "Troublemakers don't keep players from confronting the Problem this card is at"
                .to_string()
        }
        StaticEffect::HomeLimit {
            who: w,
            amount,
            per,
        } => {
            let limit = match w {
                Who::You => "your home limit is".to_string(),
                Who::Each => "each player's home limit is".to_string(),
                other => format!("the home limit of {} is", who(*other)),
            };
            let (n, way) = if *amount < 0 {
                (-amount, "lower")
            } else {
                (*amount, "higher")
            };
            match per {
                None => format!("{limit} {n} {way}"),
                Some(sel) => format!(
                    "{limit} {n} {way} for each {} (\"you\" there being the player whose home limit it is)",
                    cards(sel, false)
                ),
            }
        }
        StaticEffect::LoseAbilities { cards } => format!(
            "{} has no abilities (keywords included) and can't gain any",
            on_cards(cards)
        ),
        StaticEffect::Replace {
            would,
            instead,
            optional,
            cost: price,
            then,
            chooser,
            once,
        } => {
            // The player who acts: "they" for the loser's sending (514.6b) or where the
            // player concerned answers the "may".
            let actor = match (would, chooser) {
                // Instructions of the player concerned speak of "you" (CG177).
                (_, Some(Who::ThatPlayer)) if !then.is_empty() => {
                    "that player (\"you\" being that player)"
                }
                (Would::LoserSendsHome(_), _) | (_, Some(Who::ThatPlayer)) => "they",
                (_, Some(w)) => who(*w),
                // Fewer points are scored by the player who scores them.
                (_, None) if matches!(instead, Instead::ScoreFewer(_)) => "they",
                (_, None) => "you",
            };
            let instead_text = if then.is_empty() {
                instead_words(*instead).to_string()
            } else {
                // The instructions say what happens; `Nothing` adds no words.
                match instead {
                    Instead::Nothing => effects(then),
                    other => format!("{}, then {}", instead_words(*other), effects(then)),
                }
            };
            // "The next time": a replacement used once.
            let first = if *once { "the next time " } else { "if " };
            if price.is_empty() {
                format!(
                    "{first}{}, {} {} instead",
                    would_words(would),
                    if *optional {
                        format!("{actor} may")
                    } else {
                        actor.to_string()
                    },
                    instead_text
                )
            } else {
                format!(
                    "{first}{}, {}{}; if you do, {} instead",
                    would_words(would),
                    if *optional { "you may " } else { "you " },
                    price.iter().map(cost).collect::<Vec<_>>().join(" and "),
                    instead_text
                )
            }
        }
        StaticEffect::FlipMore { who: w, amount: n } => format!(
            "{} {} {} at the first flip of the faceoff",
            does(*w, "flip"),
            plural(n.unsigned_abs() as i16, "card", "cards"),
            if *n < 0 { "fewer" } else { "more" }
        ),
        StaticEffect::IgnoreHighestFlip { who: w } => format!(
            "{} one of their flipped cards with the highest power",
            does(*w, "ignore")
        ),
        StaticEffect::FlipMoreThen {
            amount: n,
            optional,
            then,
        } => format!(
            "at the first flip of the faceoff {}also flip {}; if you do, {}",
            if *optional { "you may " } else { "you " },
            amount(n, "card", "cards"),
            effects(then)
        ),
        StaticEffect::FaceoffTotal { who: w, amount: n } => {
            let gets = match w {
                Who::Each => "each player this applies to gets".to_string(),
                other => does(*other, "get"),
            };
            let n = match n {
                Amount::N(n) => format!("{n:+}"),
                other => format!("+X (X is {})", number(other)),
            };
            format!("{gets} {n} to {} power total in the faceoff", their(*w))
        }
        StaticEffect::GainTrait { cards, trait_ } => {
            format!("{} has the {trait_} trait", on_cards(cards))
        }
        StaticEffect::FlippedInstead {
            cards: c,
            whose,
            to,
            optional,
            once_per_faceoff,
            cost: price,
        } => {
            let what = match c {
                Some(c) => format!("a flipped {}", cards(c, false)),
                None => "a flipped card".to_string(),
            };
            let owner = match whose {
                Who::You => " of yours",
                Who::Opponent => " of your opponent's",
                _ => "",
            };
            let dest = match (to, optional) {
                (FlipDestination::Hand, true) => "may go into its owner's hand",
                (FlipDestination::Hand, false) => "goes into its owner's hand",
                (FlipDestination::Discard, true) => "may go into its owner's discard pile",
                (FlipDestination::Discard, false) => "goes into its owner's discard pile",
                (FlipDestination::BeneathThis, true) => "may be banished beneath this card",
                (FlipDestination::BeneathThis, false) => "is banished beneath this card",
                (FlipDestination::IntoPlayHere, true) => "may be put into play at this card's area",
                (FlipDestination::IntoPlayHere, false) => "is put into play at this card's area",
            };
            let dest = if price.is_empty() {
                dest.to_string()
            } else {
                format!(
                    "{dest} if you {}",
                    price.iter().map(cost).collect::<Vec<_>>().join(" and ")
                )
            };
            format!(
                "{}if {what}{owner} would go to the bottom of its owner's deck, it {dest} instead",
                if *once_per_faceoff {
                    "once per faceoff, "
                } else {
                    ""
                },
            )
        }
    }
}

/// A cost change (705.2b, 609.2, 611.2) in words.
fn cost_change(c: &CostChange) -> String {
    let whom = match c.payer {
        Who::You => "you",
        Who::Opponent => "your opponents",
        Who::Each => "players",
        other => who(other),
    };
    let more = if c.amount < 0 { "less" } else { "more" };
    let n = c.amount.unsigned_abs();
    let here = c.at == CostPlace::Here;
    let what = |default: &str| match &c.cards {
        // The host is one card: "challenge the card this is attached to" (AD136).
        Some(sel) if sel.host => a(&cards(sel, false)),
        Some(sel) => cards(sel, true),
        None => default.to_string(),
    };
    let mut s = match c.action {
        CostedAction::Play => {
            let place = match (&c.on, c.at) {
                (Some(h), CostPlace::Here) => format!(" on {} here", cards(h, true)),
                (Some(h), CostPlace::AProblem) => format!(" on {} at a Problem", cards(h, true)),
                (Some(h), CostPlace::Anywhere) => format!(" on {}", cards(h, true)),
                (None, CostPlace::Here) => " here".into(),
                (None, CostPlace::AProblem) => " to a Problem".into(),
                (None, CostPlace::Anywhere) => String::new(),
            };
            match &c.cards {
                // The card's own play, read in the hand (CG30).
                Some(sel) if sel.is_this => {
                    format!("{whom} pay {n} {more} to play this card{place}")
                }
                Some(_) | None => format!("{} {whom} play{place} cost {n} {more}", what("cards")),
            }
        }
        CostedAction::MoveTo => format!(
            "{whom} pay {n} {more} to move {} {}",
            what("characters"),
            match c.at {
                CostPlace::Here => "to this card's area",
                CostPlace::AProblem => "to a Problem",
                CostPlace::Anywhere => "anywhere",
            }
        ),
        CostedAction::MoveAway => format!(
            "{whom} pay {n} {more} to move {} {}",
            what("characters"),
            match c.at {
                CostPlace::Here => "away from this card's area",
                CostPlace::AProblem => "away from a Problem",
                CostPlace::Anywhere => "from one area to another",
            }
        ),
        CostedAction::Draw => {
            format!("{whom} pay {n} {more} to draw a card as a Main Phase action")
        }
        CostedAction::Challenge => format!(
            "{whom} pay {n} {more} to challenge {}",
            what("Troublemakers")
        ),
        CostedAction::Rally => format!(
            "{whom} pay {n} {more} to rally {}{}",
            what("cards"),
            match c.at {
                CostPlace::Here => " here",
                CostPlace::AProblem => " at a Problem",
                CostPlace::Anywhere => "",
            }
        ),
        CostedAction::Confront => format!(
            "{whom} need {n} {more} power to confront {}",
            if here {
                "the Problem this card is at"
            } else {
                "a Problem"
            }
        ),
    };
    if let Some(t) = &c.times {
        s.push_str(&match each_of(t) {
            Some(x) => format!(" for each {x}"),
            None => format!(", times {}", number(t)),
        });
    }
    if let Some(cond) = &c.against {
        s.push_str(&format!(
            " while, for the paying player's opponent, {}",
            condition(cond).replace("you control", "they control")
        ));
    }
    if let Some(m) = c.minimum {
        s.push_str(&format!(", to a minimum of {m}"));
    }
    s
}

/// "Who" as the subject of "can't": "your opponents can't", "no player can".
fn nobody(w: Who) -> &'static str {
    match w {
        Who::You => "you can't",
        Who::Opponent => "your opponents can't",
        Who::Each => "no player can",
        Who::ItsController => "its controller can't",
        Who::ThatPlayer => "that player can't",
        Who::ThatPlayersOpponent => "that player's opponent can't",
    }
}

/// The cards a description names, or (none given) the card the text is on; an
/// attachment's host by name.
fn these(c: &Option<Cards>, on: &str) -> String {
    match c {
        None => on.to_string(),
        Some(c)
            if c.host
                && *c
                    == (Cards {
                        host: true,
                        ..Cards::default()
                    }) =>
        {
            "the card this is attached to".to_string()
        }
        Some(c) => cards(c, true),
    }
}

/// A prohibition (104.2) in words.
fn prohibition(p: &Prohibition, on: &str) -> String {
    match p {
        Prohibition::Move { cards: c, by } => {
            let what = match c {
                None => on.to_string(),
                Some(c) if c.host => "the card this is attached to".to_string(),
                Some(c) => cards(c, true),
            };
            format!("{} move {what}", nobody(*by))
        }
        Prohibition::MoveAway(c) => {
            format!("{} can't be moved away from this card's area", cards(c, true))
        }
        Prohibition::MoveHere { cards: c, by } => format!(
            "{} move {} to this card's area",
            nobody(*by),
            cards(c, true)
        ),
        Prohibition::PlayHere {
            cards: c,
            by,
            on: None,
        } => format!(
            "{} play {} to this card's area",
            nobody(*by),
            cards(c, true)
        ),
        Prohibition::PlayHere {
            cards: c,
            by,
            on: Some(on),
        } => format!(
            "{} play {} on {} at this card's area",
            nobody(*by),
            cards(c, true),
            cards(on, true)
        ),
        Prohibition::Confront {
            by,
            unless_characters: 0,
        } => format!("{} confront the Problem this card is at", nobody(*by)),
        Prohibition::Confront {
            by,
            unless_characters,
        } => format!(
            "{} confront the Problem this card is at unless they have at least {unless_characters} characters there",
            nobody(*by)
        ),
        Prohibition::Play { cards: c, by } => format!("{} play {}", nobody(*by), cards(c, true)),
        Prohibition::BeDismissed(c) => format!(
            "{} can't be dismissed (except by the game)",
            these(c, on)
        ),
        Prohibition::BeFrightened(c) => format!("{} can't be frightened", these(c, on)),
        Prohibition::BeUncovered(c) => format!("{} can't be uncovered", these(c, on)),
        Prohibition::BeReadied(c) => format!("{} can't be readied", these(c, on)),
        Prohibition::BeExhausted(c) => format!("{} can't be exhausted", these(c, on)),
        Prohibition::BeUnfrightened(c) => format!("{} can't be unfrightened", these(c, on)),
        Prohibition::Score(w) => format!("{} score points", nobody(*w)),
        Prohibition::Draw(w) => format!("{} draw cards", nobody(*w)),
        Prohibition::Search(w) => format!("{} search their deck", nobody(*w)),
        Prohibition::By { what, cards: c, by } => {
            let (verb, after) = match what {
                Deed::Dismiss => ("dismiss", ""),
                Deed::Exhaust => ("exhaust", ""),
                Deed::ReturnToHand => ("put", " into its owner's hand from play"),
            };
            match (by, c) {
                // AD-1: each player is barred only from the cards they control.
                (Who::ItsController, Some(c)) => {
                    let mine = Cards {
                        controller: None,
                        ..c.clone()
                    };
                    format!(
                        "no player can {verb} {} they control{after}",
                        cards(&mine, true)
                    )
                }
                _ => format!("{} {verb} {}{after}", nobody(*by), these(c, on)),
            }
        }
        Prohibition::PerTurn { what, most, by } => {
            let (n, one, many) = (*most, *most == 1, nobody(*by));
            match what {
                Tally::Points if one => format!("{many} score more than 1 point each turn"),
                Tally::Points => format!("{many} score more than {n} points each turn"),
                Tally::Confronts if one => format!("{many} confront more than one Problem each turn"),
                Tally::Confronts => format!("{many} confront more than {n} Problems each turn"),
                Tally::Draws if one => format!("{many} draw more than one card each turn"),
                Tally::Draws => format!("{many} draw more than {n} cards each turn"),
                Tally::PlaysOfEachType if one => {
                    format!("{many} play more than one card of each card type each turn")
                }
                Tally::PlaysOfEachType => {
                    format!("{many} play more than {n} cards of each card type each turn")
                }
            }
        }
        Prohibition::Challenge {
            troublemakers: c,
            by,
        } => format!("{} challenge {}", nobody(*by), these(c, on)),
        Prohibition::ContributeHere(c) => format!(
            "{} contribute no power to confronting the Problem this card is at",
            cards(c, true)
        ),
        Prohibition::ContributeHereMost(n) => format!(
            "no more than {n} of each player's characters contribute their power to confronting the Problem this card is at, that player choosing which"
        ),
        Prohibition::Contribute(c) => format!(
            "{} don't contribute their power to confronting or faceoffs",
            cards(c, true)
        ),
        Prohibition::InvolvedWithThis(c) => format!(
            "{} can't be involved in faceoffs this card is involved in",
            cards(c, true)
        ),
    }
}

/// An "as this card enters play" ability (706.1a-b), without its opening words.
fn entry(e: &Entry) -> String {
    match e {
        Entry::Colors {
            count: 0 | 1,
            up_to: false,
        } => "its controller picks a colour, and this card is that colour instead of its own"
            .into(),
        Entry::Colors { count, up_to } => format!(
            "its controller picks {}{count} colours, and this card is those colours instead of its own",
            if *up_to { "up to " } else { "" }
        ),
        Entry::RevealedColors(c) => format!(
            "its controller may show {} from their hand; if they do, this card has that card's colours instead of its own",
            a(&cards(c, false))
        ),
        Entry::Name(k) => format!("its controller names {}", a(&kind(*k, false))),
        Entry::CopyBanished(c) => format!(
            "its controller banishes {}, and this card comes into play as a copy of that card (printed information only)",
            a(&cards(c, false))
        ),
        Entry::AbilitiesOf(c) => format!(
            "its controller chooses {}; this card has that card's printed abilities (keywords included)",
            a(&cards(c, false))
        ),
        Entry::PowerCounters(n) => format!(
            "it comes into play with {} on it",
            plural(*n, "+1 power counter", "+1 power counters")
        ),
        Entry::Exhausted => "it comes into play exhausted".into(),
    }
}

/// One instruction.
pub fn effect(e: &Effect) -> String {
    match e {
        Effect::Draw { who: w, amount: a } => {
            format!("{} {}", does(*w, "draw"), amount(a, "card", "cards"))
        }
        Effect::DrawFromBottom { who: w, amount: a } => {
            // The drawer's own deck: "your" after "you draw" (CG26, CG111).
            format!(
                "{} {} from the bottom of {} deck",
                does(*w, "draw"),
                amount(a, "card", "cards"),
                their(*w)
            )
        }
        Effect::Discard {
            who: w,
            amount: a,
            random,
        } => {
            format!(
                "{} {}{}",
                does(*w, "discard"),
                amount(a, "card", "cards"),
                if *random { " at random" } else { "" }
            )
        }
        Effect::DiscardHand(w) => match w {
            Who::You => "you discard your hand".into(),
            other => format!("{} their hand", does(*other, "discard")),
        },
        Effect::GainTokens { who: w, amount: a } => format!(
            "{} {}",
            does(*w, "gain"),
            amount(a, "action token", "action tokens")
        ),
        Effect::Score { who: w, amount: a } => {
            format!("{} {}", does(*w, "score"), amount(a, "point", "points"))
        }
        // The permission lapses as the card changes zones (410.6).
        Effect::Until {
            target: t,
            effect: se @ (StaticEffect::PlayAsFromHand | StaticEffect::NoColorRequirement),
            duration: Duration::Permanently,
        } => format!(
            "{} for as long as it stays where it is",
            static_effect(se, &target(t))
        ),
        Effect::Until {
            target: t,
            effect: se,
            duration: d,
        } => format!("{} {}", static_effect(se, &target(t)), duration(*d)),
        Effect::Exhaust(t) => format!("exhaust {}", target(t)),
        Effect::Ready(t) => format!("ready {}", target(t)),
        Effect::Frighten(t) => format!("frighten {}", target(t)),
        Effect::Unfrighten(t) => format!("unfrighten {}", target(t)),
        Effect::Dismiss(t) => format!("dismiss {}", target(t)),
        Effect::Retire(t) => format!("retire {}", target(t)),
        Effect::Banish(t) => format!("banish {}", target(t)),
        Effect::ReturnToHand(t) => format!("return {} to {} hand", target(t), owners(t)),
        Effect::ToDeckTop(t) => format!("put {} on top of {} deck", target(t), owners(t)),
        Effect::Move { target: t, to } => format!("move {} to {}", moved(t), area(*to)),
        // A card is sent back to the area a trigger names, which may be a home (PR118).
        Effect::Send {
            target: t,
            to: AreaRef::There,
        } => format!("send {} to that area", target(t)),
        Effect::Send { target: t, to } => format!("send {} to {}", moved(t), area(*to)),
        Effect::Counters {
            target: t,
            amount: a,
        } => format!(
            "put {} on {}",
            amount(a, "+1 power counter", "+1 power counters"),
            target(t)
        ),
        Effect::PutCounters {
            target: t,
            name,
            amount: a,
        } => format!(
            "put {} on {}",
            amount(a, &format!("{name} counter"), &format!("{name} counters")),
            target(t)
        ),
        Effect::RemoveCounters {
            target: t,
            name,
            amount: None,
        } => format!("remove all {name} counters from {}", target(t)),
        Effect::RemoveCounters {
            target: t,
            name,
            amount: Some(a),
        } => format!(
            "remove {} from {}",
            amount(a, &format!("{name} counter"), &format!("{name} counters")),
            target(t)
        ),
        Effect::TurnOver(t) => format!("turn {} over", target(t)),
        Effect::Search(c) => format!(
            "search your deck for {}, put it into your hand, and shuffle",
            a(&cards(c, false))
        ),
        Effect::SearchFor(t) => format!(
            "search for {}, put them into your hand, and shuffle your deck",
            target(t)
        ),
        Effect::FlipExtra(n) => format!("flip {} more", plural(*n as i16, "card", "cards")),
        Effect::If {
            cond,
            then,
            otherwise,
        } => {
            let mut s = format!("if {}, {}", condition(cond), effects(then));
            if !otherwise.is_empty() {
                s.push_str(&format!("; otherwise {}", effects(otherwise)));
            }
            s
        }
        Effect::Ignore(t) => format!("ignore {}", target(t)),
        Effect::Flip { who: w, amount: n } => {
            format!(
                "{} {}",
                does(*w, "flip"),
                plural(*n as i16, "card", "cards")
            )
        }
        Effect::OncePerFaceoff => "do the rest only once per faceoff".into(),
        // Losing as many tokens as one has is losing them all (CG95).
        Effect::LoseTokens {
            who: w,
            amount: Amount::Tokens(of),
        } if of == w && *w != Who::Each => format!(
            "{} all of {} action tokens",
            does(*w, "lose"),
            if *w == Who::You { "your" } else { "their" }
        ),
        Effect::LoseTokens { who: w, amount: a } => format!(
            "{} {}",
            does(*w, "lose"),
            amount(a, "action token", "action tokens")
        ),
        Effect::Uncover(t) => format!("uncover {}", target(t)),
        Effect::GainControl {
            target: t,
            duration: d,
        } => match d {
            Duration::Permanently => format!("gain control of {}", target(t)),
            d => format!("gain control of {} {}", target(t), duration(*d)),
        },
        Effect::ExchangeControl {
            yours,
            theirs,
            duration: d,
            chooser,
        } => {
            let theirs_words = match (chooser, theirs) {
                (None | Some(Who::You), t) => target(t),
                (Some(w), Target::Choose(c)) => {
                    a(&described(c, false, &format!(" of {}'s choice", who(*w))))
                }
                (Some(w), t) => format!("{} ({} chooses it)", target(t), who(*w)),
            };
            let d = match d {
                Duration::Permanently => String::new(),
                d => format!(" {}", duration(*d)),
            };
            format!(
                "exchange control of {} and {theirs_words}{d} (all or nothing)",
                target(yours)
            )
        }
        Effect::PlayFree {
            target: t,
            frightened,
            on,
        } => format!(
            "play {}{} for free{}",
            target(t),
            host_words(on.as_ref(), "on"),
            if *frightened { ", frightened" } else { "" }
        ),
        Effect::SearchAndPlay {
            cards: c,
            frightened,
        } => format!(
            "search your deck for {}, play it for free{}, and shuffle",
            a(&cards(c, false)),
            if *frightened { " frightened" } else { "" }
        ),
        Effect::Reattach { to } => format!(
            "attach that card to {} instead",
            a(&format!("other {}", cards(to, false)))
        ),
        Effect::BanishLinked(t) => format!("banish {} (this card remembers it)", target(t)),
        Effect::BanishBeneath(t) => format!("banish {} beneath this card", target(t)),
        Effect::BanishBeneathIt(t) => format!("banish {} beneath that card", target(t)),
        Effect::SpendCards(t) => format!("put {} into the discard pile", target(t)),
        // Several shown cards "are" revealed (CG197's chosen Events).
        Effect::Show(t) => {
            let verb = if several(t) { "are" } else { "is" };
            format!("{} {verb} revealed to every player", target(t))
        }
        Effect::SetAside(t) => format!("set {} aside face-down", target(t)),
        Effect::Name { who: w, kind: k } => format!(
            "{} {}",
            does(*w, "name"),
            match k {
                None => "a card".to_string(),
                Some(_) => format!("a {}", kind(*k, false)),
            }
        ),
        // Cards of the controller's own hand: they discard them ("you may discard a card
        // that shares a card type with that card", AD198).
        Effect::DiscardCards(
            t @ (Target::Choose(c)
            | Target::UpTo(_, c)
            | Target::Exactly(_, c)
            | Target::AnyNumber(c)),
        ) if c.place == Some(Place::Hand) && c.controller == Some(Who::You) => {
            format!("discard {}", target(t))
        }
        Effect::DiscardCards(t) => format!("the owner discards {} from hand", target(t)),
        Effect::ReturnLinked => "put the cards this card banished into play at a Problem of your choice and uncover them".into(),
        Effect::GainTokensForPhase { who: w, amount: a } => format!(
            "{} {} until the end of the phase",
            does(*w, "gain"),
            amount(a, "action token", "action tokens")
        ),
        Effect::Peek(t) => format!("look at {}", target(t)),
        Effect::Cover(t) => format!("turn {} face-down", target(t)),
        Effect::By {
            who: w,
            may,
            cost,
            effects,
            decide_first,
            only,
        } if *decide_first || only.is_some() => {
            // The plain form, with who is named and when the decisions come around it.
            let plain = effect(&Effect::By {
                who: *w,
                may: *may,
                cost: cost.clone(),
                effects: effects.clone(),
                decide_first: false,
                only: None,
            });
            let mut s = match only {
                Some(c) => format!("{plain} (only those for whom {})", condition(c)),
                None => plain,
            };
            if *decide_first {
                s.push_str(
                    "; all of them make their choices, in turn order, before any of it is done",
                );
            }
            s
        }
        Effect::By {
            who: w,
            may,
            cost: k,
            effects,
            ..
        } if !k.is_empty() => {
            // "That player may pay [2] to …": the cost is theirs, paid as they say yes
            // (without "may", paid at once if they can).
            let aside = if *w == Who::You {
                String::new()
            } else {
                format!(" {VOICE_OF_THAT_PLAYER}")
            };
            format!(
                "{} {}{}{}{aside}",
                who(*w),
                if *may { "may " } else { "" },
                costs_to(k),
                self::effects(effects)
            )
        }
        Effect::By {
            who: w,
            may,
            cost: _,
            effects,
            ..
        } => {
            let steps: Vec<String> = effects.iter().map(effect).collect();
            // By you: the steps already read in your voice, so no "you being" aside.
            if *w == Who::You {
                return match (steps.as_slice(), *may) {
                    ([one], true) => {
                        format!("you may {}", one.strip_prefix("you ").unwrap_or(one))
                    }
                    (_, true) => format!("you may do this: {}", self::effects(effects)),
                    (_, false) => self::effects(effects),
                };
            }
            // One step of that player's own with no other "you" in it reads plainly:
            // "that player may draw 1 card".
            if let ([one], true) = (steps.as_slice(), *may) {
                if let Some(rest) = one.strip_prefix("you ") {
                    if !rest.split(|c: char| !c.is_alphanumeric()).any(|word| {
                        matches!(word, "you" | "your" | "yours" | "yourself")
                    }) {
                        return format!("{} may {rest}", who(*w));
                    }
                }
            }
            format!(
                "{} {} {VOICE_OF_THAT_PLAYER}: {}",
                who(*w),
                if *may { "may do this" } else { "does this" },
                self::effects(effects)
            )
        }
        Effect::Mill { who: w, amount: a } => format!(
            "{} {} from the top of {} deck into {} discard pile",
            does(*w, "put"),
            amount(a, "card", "cards"),
            their(*w),
            their(*w)
        ),
        Effect::LookAt {
            deck,
            count,
            reveal,
            take,
            back,
        } => {
            let whose = deck_name(*deck);
            let one = *count == Amount::N(1);
            let mut s = format!(
                "{} {} of {whose}",
                if *reveal { "reveal" } else { "look at" },
                top_cards(count)
            );
            if let Some(t) = take {
                s.push_str(&format!(
                    "; {} {} among them into your hand",
                    if *back == PutBack::Discard {
                        "put"
                    } else {
                        "you may put"
                    },
                    a(&cards(t, false))
                ));
            }
            let rest = match (take.is_some(), one) {
                (true, _) => "the rest",
                (false, true) => "it",
                (false, false) => "them",
            };
            let back = match (back, one) {
                (PutBack::Top, false) => "back on top in any order",
                (PutBack::Top, true) => "back on top",
                (PutBack::Bottom, false) => "on the bottom in any order",
                (PutBack::Bottom, true) => "on the bottom",
                (PutBack::TopOrBottom, false) => "each on the top or the bottom, in any order",
                (PutBack::TopOrBottom, true) => "back on the top or the bottom",
                (PutBack::Discard, _) => "into your discard pile",
            };
            s.push_str(&format!("; put {rest} {back}"));
            s
        }
        Effect::Discount {
            cards: c,
            amount,
            faceoff,
        } => {
            let when = if *faceoff {
                "before the faceoff ends"
            } else {
                "this turn"
            };
            if *amount < 0 {
                format!(
                    "the next {} you play {when} costs {} more",
                    cards(c, false),
                    -amount
                )
            } else {
                format!(
                    "the next {} you play {when} costs {amount} less",
                    cards(c, false)
                )
            }
        }
        Effect::PlayTroublemakerFree => {
            "play a Troublemaker from your hand face-down to a Problem for free".into()
        }
        // Declining with nothing to do: no "if you don't" clause (AD3).
        Effect::PayOr {
            cost: c,
            otherwise,
            then,
        } if !then.is_empty() && otherwise.is_empty() => format!(
            "you may {}; if you do, {}",
            c.iter().map(cost).collect::<Vec<_>>().join(" and "),
            effects(then)
        ),
        Effect::PayOr {
            cost: c,
            otherwise,
            then,
        } if !then.is_empty() => format!(
            "you may {}; if you do, {}; if you don't, {}",
            c.iter().map(cost).collect::<Vec<_>>().join(" and "),
            effects(then),
            effects(otherwise)
        ),
        Effect::PayOr {
            cost: c, otherwise, ..
        } => format!(
            "you may {}; if you don't, {}",
            c.iter().map(cost).collect::<Vec<_>>().join(" and "),
            effects(otherwise)
        ),
        Effect::MoveToProblemWith {
            target: t,
            with,
            condition: c,
        } => {
            // Every Problem area holds its Problem, so "where there is a Problem" adds
            // nothing (CN0 names only the condition).
            let every_problem = *with
                == Cards {
                    card_type: Some(CardKind::Type(ponyccg_core::card::CardType::Problem)),
                    ..Cards::default()
                };
            let mut wheres = Vec::new();
            if !every_problem {
                wheres.push(format!("there is {}", a(&cards(with, false))));
            }
            if let Some(c) = c {
                wheres.push(condition(c));
            }
            if wheres.is_empty() {
                format!("move {} to a Problem of your choice", target(t))
            } else {
                format!("move {} to a Problem where {}", target(t), wheres.join(" and where "))
            }
        }
        Effect::Inspired => "unless you have already done so this turn, look at the top card \
                             of your opponent's deck for each Inspired card you control; \
                             put each on the top or the bottom, in any order"
            .into(),
        Effect::Studious => {
            "gain 1 action token if no Studious card has given you one yet in this faceoff".into()
        }
        Effect::Pick(t) => format!(
            "choose {} (\"{}\" from here on)",
            match t {
                // "choose" already says whose choice it is.
                Target::Choose(c) | Target::Exactly(Amount::N(1), c) => a(&cards(c, false)),
                Target::Exactly(Amount::N(n), c) => format!("{n} {}", cards(c, true)),
                other => target(other),
            },
            match t {
                Target::Each(_) | Target::AnyNumber(_) => "the chosen cards",
                Target::Exactly(Amount::N(n), _) if *n > 1 => "the chosen cards",
                Target::This
                | Target::It
                | Target::Host
                | Target::Choose(_)
                | Target::UpTo(..)
                | Target::Exactly(..)
                | Target::AtRandom(_)
                | Target::Picked
                | Target::Rest
                | Target::ItsHost => "that card",
            },
        ),
        Effect::ChooseColor => "choose a colour".into(),
        Effect::ChooseCardType => "choose a card type".into(),
        Effect::PickBy { who: w, target: t } => format!(
            "{} chooses {} (\"that card\" from here on)",
            who(*w),
            match t {
                // The choice is theirs, not "of your choice".
                Target::Choose(c) => a(&cards(c, false)),
                other => target(other),
            }
        ),
        Effect::Modes {
            choose,
            random,
            modes,
        } => {
            let how = match choose {
                1 => "one".to_string(),
                2 => "two".to_string(),
                n => n.to_string(),
            };
            let listed: Vec<String> = modes
                .iter()
                .map(|m| format!("\"{}\": {}", m.name, effects(&m.effects)))
                .collect();
            format!(
                "choose {how}{} ({})",
                if *random { " at random" } else { "" },
                listed.join("; or ")
            )
        }
        Effect::Reveal { deck, count } => {
            format!("reveal {} of {}", top_cards(count), deck_name(*deck))
        }
        Effect::RevealUntil {
            deck: d,
            count: n,
            until,
        } => format!(
            "reveal more cards from the top of {} until you reveal {} this way",
            deck_name(*d),
            amount(n, &cards(until, false), &cards(until, true))
        ),
        Effect::ToDeckBottom(t) => {
            format!("put {} on the bottom of {} deck", target(t), owners(t))
        }
        Effect::ShuffleIntoDeck(t) => format!("shuffle {} into {} deck", target(t), owners(t)),
        Effect::Shuffle(w) => format!("{} {} deck", does(*w, "shuffle"), their(*w)),
        Effect::LoseGame(w) => format!("{} the game", does(*w, "lose")),
        Effect::NewPhase(p) => format!("start a new {p:?} Phase once this phase is over"),
        Effect::SkipPhase(p) => format!("skip the next {p:?} Phase"),
        Effect::Defeat(t) => format!("defeat {}", target(t)),
        Effect::ReplaceProblem(t) => format!("replace {}", target(t)),
        Effect::Faceoff {
            start,
            winner,
            loser,
            at_end,
        } => {
            let mut s = match start {
                FaceoffStart::Between { yours, theirs } => format!(
                    "start a faceoff involving {} and {} (\"that card\" being the first)",
                    a(&cards(yours, false)),
                    a(&cards(theirs, false))
                ),
                FaceoffStart::AtAProblem => "start a faceoff at a Problem where you and your \
                    opponent both have characters, involving every character there"
                    .into(),
                FaceoffStart::Challenge {
                    troublemaker,
                    alone,
                    with_one,
                } => format!(
                    "challenge {} with {}",
                    target(troublemaker),
                    match (with_one, *alone) {
                        (Some(with), _) => format!(
                            "one {} of your choice at its Problem",
                            cards(with, false)
                        ),
                        (None, true) => "this card alone".into(),
                        (None, false) => "your characters at its Problem".into(),
                    }
                ),
            };
            let when = if *at_end {
                "as that faceoff ends, "
            } else {
                ""
            };
            for (who, steps) in [("winner", winner), ("loser", loser)] {
                if !steps.is_empty() {
                    s.push_str(&format!(
                        "; {when}its {who} does this (\"you\" being the {who}): {}",
                        effects(steps)
                    ));
                }
            }
            s
        }
        Effect::Uninvolve(t) => format!("make {} cease to be involved in the faceoff", target(t)),
        Effect::Involve(t) => format!("make {} involved in the faceoff", target(t)),
        Effect::EndFaceoff => "end the faceoff with no winner".into(),
        Effect::Later { at, effects: e } => {
            let when = match at {
                Moment::EndOfTurn => "at the end of the turn",
                Moment::EndOfPhase => "at the end of the phase",
                Moment::EndOfFaceoff => "at the end of the faceoff",
                Moment::StartOfNextTurn => "at the start of the next turn",
                Moment::StartOfYourNextTurn => "at the start of your next turn",
                Moment::StartOfYourNextFaceoff => "at the start of your next faceoff this turn",
            };
            format!("{when}, {}", effects(e))
        }
        Effect::MakeToken {
            token: t,
            count,
            at,
        } => {
            let n = if *count == 1 {
                "a".to_string()
            } else {
                count.to_string()
            };
            format!(
                "put {n} {} into play {}",
                token_words(t, *count != 1),
                match at {
                    Some(AreaRef::Here) => "here",
                    Some(AreaRef::There) => "there",
                    _ => "at your home",
                }
            )
        }
        Effect::TokenCopy(t) => token_copy_words(t, None),
        Effect::PutTokenCopy { of, at } => token_copy_words(of, *at),
        Effect::PutIntoPlay {
            target: t,
            face_down,
            at,
            owners,
            on,
        } => format!(
            "put {} into play {}{}{}{}under {} control without playing it",
            target(t),
            host_words(on.as_ref(), "attached to").trim_start(),
            if on.is_some() { " " } else { "" },
            if *face_down { "face-down " } else { "" },
            match (at, owners) {
                (Some(AreaRef::Home) | None, true) => "at its owner's home ".to_string(),
                (Some(AreaRef::Home), false) => "at your home ".to_string(),
                (Some(x), _) => format!("at {} ", area(*x)),
                (None, false) => String::new(),
            },
            if *owners { "its owner's" } else { "your" }
        ),
        Effect::ChooseCounter(s) => format!("choose a counter on {}", a(&cards(s, false))),
        Effect::PutChosenCounters {
            target: t,
            amount: a,
        } => format!(
            "put {} on {}",
            amount(a, "counter of that kind", "counters of that kind"),
            target(t)
        ),
        Effect::RemoveChosenCounters {
            target: t,
            amount: a,
        } => format!(
            "remove {} from {}",
            amount(a, "counter of that kind", "counters of that kind"),
            target(t)
        ),
        Effect::RemovePowerCounters {
            target: t,
            amount: a,
        } => format!(
            "remove {} from {} (only those it has)",
            amount(a, "+1 power counter", "+1 power counters"),
            target(t)
        ),
        Effect::CopyThis { who: w, cost: c } => {
            let pay = if c.is_empty() {
                String::new()
            } else {
                format!(" {}", costs_to(c).trim_end())
            };
            format!(
                "{} may{pay} copy the instructions before this, making their own choices",
                who(*w)
            )
        }
    }
}

/// What a replacement modifier does instead (710.1); "it" is the card concerned.
fn instead_words(i: Instead) -> String {
    let words = match i {
        Instead::ToDeckTop => "put it on top of its owner's deck",
        Instead::ToDeckBottom => "put it on the bottom of its owner's deck",
        Instead::Frighten => "frighten it",
        Instead::RetireThis => "retire this card",
        Instead::ExhaustThis => "exhaust this card",
        Instead::TurnOverThis => "turn this card over",
        Instead::ToHand => "put it into its owner's hand",
        Instead::Banish => "banish it",
        Instead::Exhaust => "exhaust it",
        Instead::SendHome => "send it home",
        Instead::Dismiss => "dismiss it",
        Instead::Retire => "retire it",
        Instead::Nothing => "let nothing happen",
        Instead::YouScore => "score those points",
        Instead::ScoreFewer(n) => {
            return format!("score {} fewer", plural(n as i16, "point", "points"))
        }
    };
    words.into()
}

/// The occurrence a replacement modifier watches for.
fn would_words(w: &Would) -> String {
    match w {
        Would::LeavePlay(s) => format!("{} would leave play", subject(s)),
        Would::BeDismissed(s) => format!("{} would be dismissed", subject(s)),
        Would::Confront(w) => format!("{} would confront this card's Problem", who(*w)),
        Would::BeFrightened(s) => format!("{} would be frightened", subject(s)),
        Would::BeSentHome(s) => format!("{} would be sent home", subject(s)),
        Would::BeMoved(s) => format!("{} would be moved", subject(s)),
        Would::LoserSendsHome(s) => format!(
            "a player loses a faceoff and would send {} home",
            subject(s)
        ),
        Would::SolvedSendsHome(s) => format!(
            "the Problem {} is at is solved and it would be sent home",
            subject(s)
        ),
        Would::BeReadied(s) => format!("{} would ready", subject(s)),
        // Each player's draw is replaced one draw at a time: "a player would draw" (CG177).
        Would::Draw(Who::Each) => "a player would draw a card".to_string(),
        Would::Draw(w) => format!("{} would draw a card", who(*w)),
        Would::Flip(w) => format!("{} would flip a card", who(*w)),
        Would::Score(w) => format!("{} would score points", who(*w)),
        Would::ScoreHere(w, r) => format!(
            "{} would score points for {}",
            // "A player", one scoring at a time (as for draws).
            one_player(*w),
            match r {
                ScoreReason::Confront => "confronting this card's Problem",
                ScoreReason::Bonus => "this card's Problem's bonus",
                ScoreReason::Defeat => "defeating a Troublemaker at this card's Problem",
            }
        ),
        Would::ToDiscardPile(s) => format!("{} would be put into a discard pile", subject(s)),
        Would::BeDiscarded(s, w) => format!(
            "{} would make you discard {} from your hand",
            one_player(*w),
            subject(s)
        ),
    }
}

/// A token copy (520.2) and where it goes; without a place, where its type goes (a
/// Troublemaker at a Problem the controller chooses, an attachment on a host they choose,
/// anything else at their home).
fn token_copy_words(t: &Target, at: Option<CopyPlace>) -> String {
    let place = match at {
        Some(CopyPlace::Here) => " here",
        Some(CopyPlace::AProblem) => " at a Problem you choose",
        Some(CopyPlace::EachOtherProblem) => " at each other Problem",
        None => "",
    };
    format!(
        "put a token copy of {} into play face-up{place} under your control (printed \
         information only, cost 0)",
        target(t)
    )
}

/// "2-power Orange Rock Friend token with Swift" (521.1).
fn token_words(t: &TokenSpec, plural_form: bool) -> String {
    let mut words = vec![format!("{}-power", t.power)];
    for c in &t.colors {
        words.push(c.name().to_string());
    }
    if let Some(n) = &t.name {
        words.push(format!("\"{n}\""));
    }
    words.extend(t.traits.iter().cloned());
    words.push(t.card_type.name().to_string());
    words.push(if plural_form { "tokens" } else { "token" }.to_string());
    let mut s = words.join(" ");
    if !t.keywords.is_empty() {
        let k: Vec<String> = t.keywords.iter().map(|k| k.to_string()).collect();
        s.push_str(&format!(" with {}", k.join(" and ")));
    }
    s
}

/// "you win a faceoff", "an opponent wins a faceoff", "a player wins a faceoff".
fn act(by: Actor, verb: &str, rest: &str) -> String {
    match by {
        Actor::You => format!("you {verb}{rest}"),
        Actor::Opponent => format!("an opponent {verb}s{rest}"),
        Actor::Anyone => format!("a player {verb}s{rest}"),
    }
}

/// What a description says of the card the text is on: "exhausted at a Problem".
fn this_is(s: &Cards) -> String {
    let d = cards(s, false);
    if s.card_type.is_some() {
        return a(&d);
    }
    match d.strip_prefix("card ") {
        Some(rest) => rest.to_string(),
        None => d.replacen(" card", "", 1),
    }
}

/// "the top card", "the top 2 cards", "the top X cards (X is …)".
fn top_cards(count: &Amount) -> String {
    match count {
        Amount::N(1) => "the top card".into(),
        Amount::N(n) => format!("the top {n} cards"),
        other => format!("the top X cards (X is {})", number(other)),
    }
}

fn deck_name(d: DeckRef) -> &'static str {
    match d {
        DeckRef::Yours => "your deck",
        DeckRef::Opponents => "your opponent's deck",
        DeckRef::ThereProblem => "that Problem's Problem deck",
        DeckRef::ItsProblem => "the Problem deck of that card's Problem",
        DeckRef::YourProblems => "your Problem deck",
        DeckRef::OpponentsProblems => "your opponent's Problem deck",
    }
}

/// Whose turn or phase it is: "your", "an opponent's", "a".
fn whose(by: Actor) -> &'static str {
    match by {
        Actor::You => "your",
        Actor::Opponent => "an opponent's",
        Actor::Anyone => "a",
    }
}

fn trigger_card(c: &TriggerCard, none: &str) -> String {
    match c {
        TriggerCard::Anything => none.to_string(),
        TriggerCard::This => "this card".into(),
        TriggerCard::Any(s) => a(&cards(s, false)),
    }
}

/// An area a trigger names, after a preposition that `spot_to` etc. supply.
fn spot(s: Spot) -> &'static str {
    match s {
        Spot::Anywhere => "",
        Spot::Here => " here",
        Spot::Home => " at home",
        Spot::AProblem => " at a Problem",
        Spot::InPlay => " in play",
    }
}

fn spot_to(s: Spot) -> &'static str {
    match s {
        Spot::Anywhere => "",
        Spot::Here => " here",
        Spot::Home => " home",
        Spot::AProblem => " to a Problem",
        Spot::InPlay => " into play",
    }
}

fn spot_from(s: Spot) -> &'static str {
    match s {
        Spot::Anywhere => "",
        Spot::Here => " from here",
        Spot::Home => " from home",
        Spot::AProblem => " from a Problem",
        Spot::InPlay => " from play",
    }
}

fn trigger(t: &Trigger) -> String {
    let card = |none: &str| trigger_card(&t.card, none);
    // A faceoff's cards are the ones involved in it.
    let involving = match &t.card {
        TriggerCard::Anything => String::new(),
        c => format!(" involving {}", trigger_card(c, "")),
    };
    let x = match t.on {
        Happening::Played => format!(
            "{}{}",
            act(t.by, "play", &format!(" {}", card("a card"))),
            spot_to(t.at)
        ),
        Happening::EntersPlay => format!(
            "{} enters play{}{}",
            card("a card"),
            match t.by {
                Actor::Anyone => "",
                Actor::You => " under your control",
                Actor::Opponent => " under an opponent's control",
            },
            spot(t.at)
        ),
        // Every move is some player's (506).
        Happening::Moved => act(
            t.by,
            "move",
            &format!(" {}{}{}", card("a card"), spot_from(t.from), spot_to(t.at)),
        ),
        Happening::MovedAway => act(
            t.by,
            "move",
            &format!(
                " {} away from {}",
                card("a card"),
                match t.at {
                    Spot::Anywhere => "its area",
                    Spot::Here => "here",
                    Spot::Home => "home",
                    Spot::AProblem => "a Problem",
                    Spot::InPlay => "its area in play",
                }
            ),
        ),
        Happening::LeavesArea => format!(
            "{} leaves {}",
            card("a card"),
            match t.at {
                Spot::Anywhere => "the area it is at",
                Spot::Here => "this area",
                Spot::Home => "home",
                Spot::AProblem => "a Problem",
                Spot::InPlay => "its area in play",
            }
        ),
        Happening::LeavesPlay => format!("{} leaves play{}", card("a card"), spot_from(t.at)),
        Happening::Dismissed => format!("{} is dismissed{}", card("a card"), spot(t.at)),
        Happening::Retired => format!("{} is retired{}", card("a card"), spot(t.at)),
        Happening::ToDiscardPile => format!(
            "{} is put into a discard pile from {}",
            card("a card"),
            match t.from {
                Spot::Anywhere => "anywhere",
                Spot::Here => "here",
                Spot::Home => "home",
                Spot::AProblem => "a Problem",
                Spot::InPlay => "play",
            }
        ),
        Happening::Discards => act(t.by, "discard", &format!(" {}", card("a card"))),
        Happening::Confronts => act(
            t.by,
            "confront",
            match t.at {
                Spot::Here => " this card's Problem",
                Spot::Anywhere | Spot::AProblem | Spot::InPlay => " a Problem",
                Spot::Home => " a Problem at home",
            },
        ),
        Happening::FaceoffBegins => match t.by {
            Actor::Anyone => format!("a faceoff{involving} begins{}", spot(t.at)),
            by => act(by, "start", &format!(" a faceoff{involving}{}", spot(t.at))),
        },
        Happening::WinsFaceoff => act(t.by, "win", &format!(" a faceoff{involving}{}", spot(t.at))),
        Happening::Defeats => act(
            t.by,
            "defeat",
            &format!(" {}{}", card("a Troublemaker"), spot(t.at)),
        ),
        Happening::Uncovered => format!("{} is uncovered{}", card("a Troublemaker"), spot(t.at)),
        Happening::Frightened => format!("{} becomes frightened{}", card("a card"), spot(t.at)),
        Happening::Readied => format!("{} is readied{}", card("a card"), spot(t.at)),
        Happening::Exhausted => format!("{} becomes exhausted{}", card("a card"), spot(t.at)),
        Happening::TurnedOver => format!("{} is turned over", card("a card")),
        Happening::Solved => format!("{} is solved", card("a Problem")),
        Happening::Unfrightened => {
            format!("{} becomes unfrightened{}", card("a card"), spot(t.at))
        }
        Happening::TurnedFaceDown => {
            format!("{} is turned face-down{}", card("a card"), spot(t.at))
        }
        Happening::Challenges => act(
            t.by,
            "challenge",
            &format!(" {}{}", card("a Troublemaker"), spot(t.at)),
        ),
        Happening::Flips => act(t.by, "flip", &format!(" {}", card("a card"))),
        Happening::Draws => act(t.by, "draw", " a card"),
        Happening::GainsTokens => act(t.by, "gain", " action tokens"),
        Happening::PaysTokens => act(t.by, "pay", " action tokens"),
        Happening::ScoresWith => act(t.by, "score", &format!(" points with {}", card("a card"))),
        Happening::ScoresBonus => act(
            t.by,
            "score",
            &format!(" a Problem's bonus points{}", spot(t.at)),
        ),
        Happening::TurnStarts => format!("{} turn starts", whose(t.by)),
        Happening::TurnEnds => format!("{} turn ends", whose(t.by)),
        Happening::PhaseStarts(p) => format!("{} {p:?} Phase starts", whose(t.by)),
        Happening::AnyPhaseStarts => format!("{} phase starts", whose(t.by)),
        Happening::TakesAction => act(t.by, "take", " an action"),
        Happening::PhaseEnds(p) => format!("{} {p:?} Phase ends", whose(t.by)),
        Happening::HasPower(n) => format!("{} has {n} or more power", card("this card")),
    };
    x
}

/// The opening of a triggered ability: "when …", or "the first time …" (410.6).
fn when(t: &Trigger) -> String {
    let opening = if t.first { "the first time" } else { "when" };
    let each = if t.each_turn { " each turn" } else { "" };
    format!("{opening} {}{each}", trigger(t))
}

fn condition(c: &Condition) -> String {
    match c {
        // This card's host exists or not: say where it is, if anywhere in particular.
        Condition::Exists(s) if s.host => {
            // Any other test on the host (whose it is, its type) is part of the condition.
            let rest = Cards {
                host: false,
                place: None,
                ..s.clone()
            };
            let what = if rest == Cards::default() {
                "a card".to_string()
            } else {
                a(&cards(&rest, false))
            };
            match s.place {
                None | Some(Place::InPlay) => format!("this card is attached to {what}"),
                Some(p) if rest == Cards::default() => {
                    format!("the card this is attached to is{}", place_words(Some(p)))
                }
                Some(p) => format!("this card is attached to {what}{}", place_words(Some(p))),
            }
        }
        Condition::Exists(s) => format!("there is {}", a(&cards(s, false))),
        Condition::None(s) => format!("there are no {}", cards(s, true)),
        Condition::AtLeast(n, s) => format!("there are at least {n} {}", cards(s, true)),
        Condition::Involved => "this card is in the faceoff".into(),
        Condition::InFaceoff(None) => "a faceoff is going on".into(),
        Condition::InFaceoff(Some(k)) => format!("a {k:?} faceoff is going on"),
        Condition::AtAProblem => "this card is at a Problem".into(),
        Condition::YourTurn => "it is your turn".into(),
        Condition::TurnOf(w) => match w {
            Who::You => "it is your turn".into(),
            Who::Opponent => "it is an opponent's turn".into(),
            Who::Each => "it is any player's turn".into(),
            Who::ItsController | Who::ThatPlayer | Who::ThatPlayersOpponent => {
                format!("it is {}'s turn", who(*w))
            }
        },
        Condition::ExcessPower => "you had more power than needed".into(),
        Condition::Compare(x, cmp, y) => {
            let how = match cmp {
                Cmp::AtLeast => "at least",
                Cmp::AtMost => "at most",
                Cmp::MoreThan => "more than",
                Cmp::LessThan => "less than",
                Cmp::EqualTo => "equal to",
            };
            format!("{} is {how} {}", number(x), number(y))
        }
        Condition::This(s) => format!("this card is {}", this_is(s)),
        Condition::ScoredThisPhase(n) => {
            format!("you scored {n} or more points with this card this phase")
        }
        Condition::All(v) => v.iter().map(condition).collect::<Vec<_>>().join(" and "),
        Condition::Any(v) => v.iter().map(condition).collect::<Vec<_>>().join(" or "),
        Condition::Not(c) => match c.as_ref() {
            Condition::YourTurn => "it is not your turn".into(),
            Condition::Exists(s) if !s.host => format!("there are no {}", cards(s, true)),
            Condition::AtLeast(n, s) => format!("there are fewer than {n} {}", cards(s, true)),
            other => format!("it is not the case that {}", condition(other)),
        },
        Condition::Phase(p) => format!("it is the {p:?} Phase"),
        Condition::PowerOfColor(c, n) => format!("you have at least {n} {} power", c.name()),
        Condition::MostPowerHere(w) => match w {
            Who::You => "you have more power here than any opponent".into(),
            other => format!("{} has more power here than any opponent", who(*other)),
        },
        // In a `while`, "that player" has no antecedent yet: it is the player the cost
        // change, replacement or total is about (CG171, CG177, CG178).
        Condition::HasMost(Who::ThatPlayer, s) => format!(
            "the player concerned controls more {} than each other player",
            cards(s, true)
        ),
        Condition::HasMost(w, s) => format!(
            "{} more {} than each other player",
            does(*w, "control"),
            cards(s, true)
        ),
        Condition::FaceoffHere => "the faceoff is at this card's area".into(),
        Condition::HostInvolved => "the card this is attached to is in the faceoff".into(),
        Condition::ItFits(s) => format!("that card is {}", a(&cards(s, false))),
        Condition::FirstThisFaceoff => "this card hasn't done this yet this faceoff".into(),
        Condition::AtLeastAtOneFaceoffArea(n, s) => format!(
            "there are at least {n} {} at one place where the faceoff is",
            cards(s, true)
        ),
        Condition::ThatPlayer(w) => format!("that player is {}", who(*w)),
        Condition::ItDismissed => "you did dismiss that card".into(),
        Condition::ItIsChosenType => "that card has the chosen card type".into(),
        Condition::ItIsNamed => "that card is the named card".into(),
        Condition::ChosenCounterIs(n) => format!("that counter is a {n} counter"),
        Condition::WonByAtLeast(n) => format!("the winner's margin is at least {n} power"),
        Condition::WonByExactly(n) => format!("the winner's margin is exactly {n} power"),
        Condition::OpponentChallenging => "an opponent is the challenger".into(),
        Condition::InvolvedAllColor(c) => {
            format!("every character of yours in the faceoff is {}", c.name())
        }
        Condition::PowerAboveAll(s) => {
            format!(
                "this card has more power than every other {}",
                cards(s, false)
            )
        }
    }
}

fn cost(c: &Cost) -> String {
    match c {
        Cost::Tokens(n) => format!("pay {}", plural(*n as i16, "action token", "action tokens")),
        Cost::ExhaustThis => "exhaust this card".into(),
        Cost::Exhaust(s) => format!("exhaust {}", a(&cards(s, false))),
        Cost::RetireThis => "retire this card".into(),
        Cost::Discard(n) => format!("discard {}", plural(*n as i16, "card", "cards")),
        Cost::DismissThis => "dismiss this card".into(),
        Cost::ReturnThisToHand => "return this card to its owner's hand".into(),
        Cost::BanishThis => "banish this card".into(),
        Cost::Dismiss(s) => format!("dismiss {}", a(&cards(s, false))),
        Cost::Retire(s) => format!("retire {}", a(&cards(s, false))),
        Cost::DiscardA(s) => format!("discard {} from your hand", a(&cards(s, false))),
        Cost::SpendFrom(s) => format!("spend a card from beneath {}", a(&cards(s, false))),
        Cost::TokensOf(n) => format!("pay action tokens equal to {}", number(n)),
        Cost::RemoveCounterFrom(s) => format!("remove a counter from {}", a(&cards(s, false))),
        Cost::RemoveCounters { name, amount } => format!(
            "remove {} from this card",
            plural(
                *amount as i16,
                &format!("{name} counter"),
                &format!("{name} counters")
            )
        ),
        Cost::TokensLessPer { amount, per } => format!(
            "pay {} (1 less for each {})",
            plural(*amount as i16, "action token", "action tokens"),
            cards(per, false)
        ),
        Cost::Spend(n) => format!(
            "spend {} from beneath this card",
            plural(*n as i16, "card", "cards")
        ),
    }
}

fn timing(t: &Timing) -> String {
    match t {
        Timing::Phase(p) => format!("{p:?} Phase"),
        Timing::AnyPhase => "Any Phase".into(),
        Timing::Faceoff(None) => "Faceoff".into(),
        Timing::Faceoff(Some(k)) => format!("{k:?} Faceoff"),
        Timing::Immediate => "Immediate".into(),
        Timing::Reaction {
            when,
            condition: None,
        } => format!("Reaction (after {})", trigger(when)),
        Timing::Reaction {
            when,
            condition: Some(c),
        } => format!("Reaction (after {}, if {})", trigger(when), condition(c)),
    }
}

fn sentence(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
        None => s,
    }
}

fn effects(v: &[Effect]) -> String {
    let mut out = String::new();
    let mut another = false;
    for e in v {
        let words = effect(e);
        if !out.is_empty() {
            // After a step in another player's voice ("you" being that player), say
            // that "you" is the card's controller again, so the steps after it aren't
            // read as that player's (CN116's gain is its controller's).
            out.push_str(if another {
                "; then, \"you\" being you again, "
            } else {
                ", then "
            });
        }
        another = words.contains(VOICE_OF_THAT_PLAYER);
        out.push_str(&words);
    }
    out
}

/// The aside of instructions a named player follows in their own voice (`Effect::By`).
const VOICE_OF_THAT_PLAYER: &str = "(\"you\" being that player)";

/// How an instruction's words begin, which decides how a cost leads into it.
enum Lead {
    /// With a verb for "you" ("draw", "move"): "exhaust this card to draw".
    Verb,
    /// With "you" and a verb ("you draw"): the "you" goes after "to".
    You,
    /// With a subject of its own ("your opponent loses", "that card gets", "if …"): a
    /// cost can't lead into it with "to".
    Own,
}

fn lead(e: &Effect) -> Lead {
    let by = |w: &Who| if *w == Who::You { Lead::You } else { Lead::Own };
    match e {
        Effect::Draw { who: w, .. }
        | Effect::DrawFromBottom { who: w, .. }
        | Effect::Discard { who: w, .. }
        | Effect::DiscardHand(w)
        | Effect::GainTokens { who: w, .. }
        | Effect::Score { who: w, .. }
        | Effect::Flip { who: w, .. }
        | Effect::LoseTokens { who: w, .. }
        | Effect::Mill { who: w, .. }
        | Effect::GainTokensForPhase { who: w, .. }
        | Effect::Shuffle(w)
        | Effect::LoseGame(w) => by(w),
        // "you may …; if you don't", "your opponent may copy …": a subject already.
        Effect::Until { .. }
        | Effect::If { .. }
        | Effect::By { .. }
        | Effect::Discount { .. }
        | Effect::PayOr { .. }
        | Effect::Inspired
        | Effect::OncePerFaceoff
        | Effect::CopyThis { .. }
        | Effect::Later { .. } => Lead::Own,
        Effect::Faceoff { .. }
        | Effect::Uninvolve(_)
        | Effect::Involve(_)
        | Effect::EndFaceoff
        | Effect::NewPhase(_)
        | Effect::SkipPhase(_) => Lead::Verb,
        Effect::Exhaust(_)
        | Effect::Defeat(_)
        | Effect::ReplaceProblem(_)
        | Effect::Ready(_)
        | Effect::Frighten(_)
        | Effect::Unfrighten(_)
        | Effect::Dismiss(_)
        | Effect::Retire(_)
        | Effect::Banish(_)
        | Effect::ReturnToHand(_)
        | Effect::ToDeckTop(_)
        | Effect::Move { .. }
        | Effect::Send { .. }
        | Effect::Counters { .. }
        | Effect::TurnOver(_)
        | Effect::Search(_)
        | Effect::SearchFor(_)
        | Effect::FlipExtra(_)
        | Effect::Ignore(_)
        | Effect::Uncover(_)
        | Effect::Peek(_)
        | Effect::Cover(_)
        | Effect::LookAt { .. }
        | Effect::Studious
        | Effect::PlayTroublemakerFree
        | Effect::Reattach { .. }
        | Effect::PlayFree { .. }
        | Effect::SearchAndPlay { .. }
        | Effect::BanishLinked(_)
        | Effect::BanishBeneath(_)
        | Effect::BanishBeneathIt(_)
        | Effect::SpendCards(_)
        | Effect::Show(_)
        | Effect::SetAside(_)
        | Effect::Name { .. }
        | Effect::DiscardCards(_)
        | Effect::PickBy { .. }
        | Effect::ChooseCardType
        | Effect::ReturnLinked
        | Effect::Pick(_)
        | Effect::MoveToProblemWith { .. }
        | Effect::PutCounters { .. }
        | Effect::RemoveCounters { .. }
        | Effect::GainControl { .. }
        | Effect::ExchangeControl { .. }
        | Effect::MakeToken { .. }
        | Effect::TokenCopy(_)
        | Effect::PutTokenCopy { .. }
        | Effect::PutIntoPlay { .. }
        | Effect::RemovePowerCounters { .. }
        | Effect::ChooseCounter(_)
        | Effect::PutChosenCounters { .. }
        | Effect::RemoveChosenCounters { .. }
        | Effect::ChooseColor
        | Effect::Modes { .. }
        | Effect::Reveal { .. }
        | Effect::RevealUntil { .. }
        | Effect::ToDeckBottom(_)
        | Effect::ShuffleIntoDeck(_) => Lead::Verb,
    }
}

/// Costs, then what they pay for: "exhaust this card to draw 2 cards" when the first
/// instruction reads as a command (a leading "you" dropped), otherwise `own` joins them:
/// "exhaust this card; then your opponent loses …".
fn paid_with(k: &[Cost], e: &[Effect], own: &str) -> String {
    let body = effects(e);
    if k.is_empty() {
        return body;
    }
    match e.first().map(lead) {
        Some(Lead::You) => {
            let rest = body.strip_prefix("you ").unwrap_or(&body);
            format!("{}{rest}", costs_to(k))
        }
        Some(Lead::Verb) => format!("{}{body}", costs_to(k)),
        // A cost paid for its own sake ("exhaust this card", read by another ability).
        None => k.iter().map(cost).collect::<Vec<_>>().join(" and "),
        Some(Lead::Own) => {
            let paid = k.iter().map(cost).collect::<Vec<_>>().join(" and ");
            format!("{paid}{own}{body}")
        }
    }
}

fn paid_then(k: &[Cost], e: &[Effect]) -> String {
    paid_with(k, e, "; then ")
}

fn costs_to(v: &[Cost]) -> String {
    if v.is_empty() {
        return String::new();
    }
    // The same card cost twice or more in a row is one count: "exhaust 2 characters
    // you control" (CN152).
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let run = v[i..].iter().take_while(|c| **c == v[i]).count();
        parts.push(match &v[i] {
            Cost::Exhaust(s) if run > 1 => format!("exhaust {run} {}", cards(s, true)),
            _ => cost(&v[i]),
        });
        i += if matches!(v[i], Cost::Exhaust(_)) {
            run
        } else {
            1
        };
    }
    let paid = parts.join(" and ");
    // "exhaust the card this is attached to, to draw": no "to to".
    let comma = if paid.ends_with(" to") { "," } else { "" };
    format!("{paid}{comma} to ")
}

/// One ability as a sentence.
pub fn ability(a: &Ability) -> String {
    match a {
        Ability::AsEntersPlay(e) => sentence(format!("as this card enters play, {}", entry(e))),
        Ability::From(zone, inner) => {
            let place = match zone {
                OutOfPlay::Hand => "in your hand",
                OutOfPlay::Discard => "in your discard pile",
                OutOfPlay::Banished => "banished",
            };
            match &**inner {
                Ability::Static {
                    effect: StaticEffect::PlayAsFromHand,
                    condition,
                } => sentence(match condition {
                    Some(c) => format!(
                        "while this card is {place} and {}, you may play it from there",
                        self::condition(c)
                    ),
                    None => format!("while this card is {place}, you may play it from there"),
                }),
                // A change of what playing this very card costs (CG30).
                Ability::Static {
                    effect: StaticEffect::Cost(c),
                    condition: None,
                } => sentence(format!(
                    "while this card is {place}, {}",
                    cost_change(&CostChange {
                        cards: Some(Cards {
                            is_this: true,
                            ..Cards::default()
                        }),
                        ..(**c).clone()
                    })
                )),
                other => format!("While this card is {place}: {}", ability(other)),
            }
        }
        Ability::PlayRequires(c) => {
            sentence(format!("this card can be played only if {}", condition(c)))
        }
        // A change of what playing this very card costs, wherever it is played from (CG30).
        Ability::PlayCost(c) => sentence(cost_change(&CostChange {
            cards: Some(Cards {
                is_this: true,
                ..Cards::default()
            }),
            ..(**c).clone()
        })),
        Ability::PlayTimed {
            timing: t,
            to,
            then,
        } => {
            let to = to
                .as_ref()
                .map(|c| format!(" to an area such that {}", condition(c)))
                .unwrap_or_default();
            let then = if then.is_empty() {
                String::new()
            } else {
                format!("; if you do, {}", paid_then(&[], then))
            };
            format!(
                "{}: {}",
                timing(t),
                sentence(format!("you may play this card{to}{then}"))
            )
        }
        Ability::Attach(host) => sentence(format!(
            "play this card on {}; it stays only while that card fits",
            self::a(&cards(host, false))
        )),
        Ability::Static {
            effect: e,
            condition: c,
        } => {
            let base = static_effect(e, "this card");
            sentence(match c {
                Some(c) => format!("while {}, {base}", condition(c)),
                None => base,
            })
        }
        Ability::Triggered {
            when,
            condition: c,
            optional,
            cost: k,
            effects: e,
        } => {
            let cond = c
                .as_ref()
                .map(|c| format!(", if {}", condition(c)))
                .unwrap_or_default();
            let body = if *optional {
                let paid = paid_with(k, e, "; if you do, ");
                match (k.is_empty(), e.first().map(lead)) {
                    // "you may draw", not "you may you draw".
                    (true, Some(Lead::You)) => {
                        format!("you may {}", paid.strip_prefix("you ").unwrap_or(&paid))
                    }
                    // "you may have your opponent …" would be ours, not the card's: say
                    // whose choice it is and what follows.
                    (true, Some(Lead::Own)) => format!("you may have this happen: {paid}"),
                    _ => format!("you may {paid}"),
                }
            } else {
                paid_then(k, e)
            };
            sentence(format!("{}{cond}, {body}", self::when(when)))
        }
        Ability::ActivatedByAny {
            timing: t,
            condition: w,
            cost: k,
            effects: e,
        } => {
            let body = match w {
                Some(w) => format!("while {}, {}", condition(w), paid_then(k, e)),
                None => paid_then(k, e),
            };
            format!(
                "{} (any player may use this; \"you\" is that player): {}",
                timing(t),
                sentence(body)
            )
        }
        Ability::Activated {
            timing: t,
            condition: Some(w),
            cost: k,
            effects: e,
        } => format!(
            "{}: {}",
            timing(t),
            sentence(format!("while {}, {}", condition(w), paid_then(k, e)))
        ),
        Ability::Activated {
            timing: t,
            condition: None,
            cost: k,
            effects: e,
        }
        | Ability::Play {
            timing: t,
            cost: k,
            effects: e,
        } => {
            format!("{}: {}", timing(t), sentence(paid_then(k, e)))
        }
    }
}

fn face_text(f: &Face) -> Vec<String> {
    let mut lines = Vec::new();
    let kws: Vec<String> = f
        .keywords
        .iter()
        .filter(|k| !matches!(k, ponyccg_core::card::Keyword::HomeLimit(_)))
        .map(|k| k.to_string())
        .collect();
    if !kws.is_empty() {
        lines.push(kws.join(", "));
    }
    lines.extend(f.abilities.iter().map(ability));
    lines
}

/// The rules text of a card, rendered from its script: one line per ability (keywords
/// first). For Mane Characters, the Boosted side follows under its own heading.
pub fn card_text(d: &CardDef) -> Vec<String> {
    let mut lines = face_text(&d.face);
    if let Some(b) = &d.boosted {
        lines.push("Boosted side:".into());
        lines.extend(face_text(b).into_iter().map(|l| format!("  {l}")));
    }
    lines
}

/// A comparison in words, before what is compared with ("greater than 3").
fn cmp_words(cmp: Cmp) -> &'static str {
    match cmp {
        Cmp::AtLeast => "equal to or greater than",
        Cmp::AtMost => "equal to or less than",
        Cmp::MoreThan => "greater than",
        Cmp::LessThan => "less than",
        Cmp::EqualTo => "equal to",
    }
}
