//! A rule-of-thumb player. It reads only what its seat may know:
//! - its own hand and its own Problem deck choices (the cards its decisions name);
//! - cards in play, and only those [`Game::is_visible_to`] allows (never the identity or
//!   power of an opponent's face-down Troublemaker);
//! - scores, tokens and counts.
//!
//! It looks one action ahead on a clone of the game: for moving a character or playing a
//! Friend, whether it then meets the confront requirements there; for an ability, an
//! Event, an attachment, a target, a mode, a "may" or a replacement's order, how much
//! better it then stands by what its seat can see (`evaluate`), its own follow-up
//! choices taken by rules of thumb. Through a draw it counts only what everyone sees
//! (cards in hand, points, tokens); when a card leaves a deck for anywhere but its
//! owner's hand (into play, a flip), the choice is weighed by rules of thumb instead.
//!
//! Besides playing what it can afford, it gathers idle characters at the Problem they
//! bring nearest to its requirements (or to beating a Troublemaker that blocks it), plays
//! Troublemakers where opponents could confront or, with tokens to spare, where they
//! gather, and draws with spare tokens while its hand has room.

use crate::Player;
use ponyccg_core::card::{CardType, Color, Colors, OpponentReq, ReqColor};
use ponyccg_core::{Area, CardId, Choice, Decision, Game, PlayerId, Prompt, Zone};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// See the module documentation.
#[derive(Clone, Debug)]
pub struct HeuristicPlayer {
    /// Breaks ties between equally good choices.
    rng: ChaCha8Rng,
}

impl HeuristicPlayer {
    pub fn new(seed: u64) -> HeuristicPlayer {
        HeuristicPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

/// Hand size below which spare tokens go into drawing.
const DRAW_BELOW: usize = 7;
const TM_SCORE: i32 = 45;
/// The hand size kept at the end of a turn (616.2).
const MAX_HAND: usize = 8;
/// Tokens at which the player counts some as spare: more than a turn's plain plays use.
const SPARE_TOKENS: u16 = 4;

impl Player for HeuristicPlayer {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, g: &Game, d: &Decision) -> usize {
        if d.choices.len() <= 1 {
            return 0;
        }
        best(&scores(g, d, true), &mut self.rng)
    }
}

/// How good each choice of `d` is (higher is better). With `look`, the choices whose
/// effect can't be told from the card alone (an ability, an Event, an attachment, a
/// target or mode of an effect) are weighed by their public result (see [`lookahead`]);
/// without it (inside a lookahead) by rules of thumb only.
fn scores(g: &Game, d: &Decision, look: bool) -> Vec<i32> {
    let me = d.player;
    let looked = |fallback: &dyn Fn(usize, &Choice) -> i32| -> Vec<i32> {
        d.choices
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if look {
                    if let Some(delta) = lookahead(g, me, i) {
                        return delta;
                    }
                }
                fallback(i, c)
            })
            .collect()
    };
    match d.prompt {
        Prompt::StartingProblem => d
            .choices
            .iter()
            .map(|c| c.card().map_or(0, |p| starting_problem_score(g, p)))
            .collect(),
        Prompt::Mulligan => {
            let keep = keep_hand(g, me);
            d.choices
                .iter()
                .map(|c| match c {
                    Choice::Keep => i32::from(keep),
                    Choice::Mulligan => i32::from(!keep),
                    _ => -1,
                })
                .collect()
        }
        Prompt::PhaseAction => d
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| action_score(g, me, i, c, look))
            .collect(),
        Prompt::Challenge => d
            .choices
            .iter()
            .map(|c| match c {
                Choice::Challenge(tm) => challenge_margin(g, me, *tm) + 1,
                _ => 0,
            })
            .collect(),
        Prompt::SendHome
        | Prompt::DiscardToHandSize
        | Prompt::RetireToHomeLimit
        | Prompt::RepairUniqueness => d
            .choices
            .iter()
            .map(|c| c.card().map_or(i32::MIN / 2, |k| -keep_value(g, me, k)))
            .collect(),
        Prompt::ConfrontOrder => d
            .choices
            .iter()
            .map(|c| match c {
                // Score where the requirements are met first; the order rarely matters
                // for plain cards.
                Choice::Confront(a) => i32::from(g.meets_confront_requirements(me, *a)),
                _ => 0,
            })
            .collect(),
        Prompt::AsEntersPlay | Prompt::ChooseColor => {
            d.choices.iter().map(|c| entry_score(g, me, c)).collect()
        }
        Prompt::Pick => d.choices.iter().map(|c| pick_score(g, me, c)).collect(),
        Prompt::FaceoffCards => d.choices.iter().map(|c| faceoff_score(g, me, c)).collect(),
        // A mode, a target, a "may", a replacement's order: weighed by the public
        // result where that shows without a draw or a reveal; otherwise the modes
        // are as good as one another (a tie broken at random).
        Prompt::ChooseMode => looked(&|_, _| 0),
        Prompt::Target
        | Prompt::May
        | Prompt::ChooseProblem
        | Prompt::Replacement
        | Prompt::Discard => looked(&|i, c| default_score(d, i, c)),
        Prompt::ChooseCardType => d.choices.iter().map(|c| type_score(g, me, c)).collect(),
        Prompt::NameCard => d.choices.iter().map(|c| name_score(g, me, c)).collect(),
        // Priority (a faceoff's or an effect's window): an ability or Event whose
        // public result is better than passing; anything else passes.
        Prompt::Priority => d
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| match c {
                Choice::Pass => 0,
                _ if look => lookahead(g, me, i).map_or(-2, |v| v - 5),
                _ => -2,
            })
            .collect(),
        // Anything else (uncover order, trigger order, prompts added later).
        Prompt::Uncover | Prompt::OrderTriggers | Prompt::Arrange => d
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| default_score(d, i, c))
            .collect(),
    }
}

/// Prefer acting over passing, the first listed first.
fn default_score(d: &Decision, i: usize, c: &Choice) -> i32 {
    match c {
        Choice::Pass => -(d.choices.len() as i32) - 1,
        _ => -(i as i32),
    }
}

/// The part of [`evaluate`] everyone can count: points (and the game's end), tokens and
/// cards in hand.
fn evaluate_counts(g: &Game, me: PlayerId) -> i32 {
    let mut v = 0;
    for p in g.players() {
        let sign = if p == me { 1 } else { -1 };
        v += sign * 200 * g.score(p) as i32;
        v += sign * 3 * g.tokens(p).min(30) as i32;
        v += sign * 4 * g.player(p).hand.len().min(8) as i32;
    }
    if let Some(o) = g.outcome() {
        v += match o {
            ponyccg_core::Outcome::Win { winner, .. } if *winner == me => 10_000,
            ponyccg_core::Outcome::Win { .. } => -10_000,
            ponyccg_core::Outcome::Draw => 0,
        };
    }
    v
}

/// What a seat can see of how well it stands, in one number: points far above all, then
/// characters' power in play (at Problems more than at home), the Problems it meets and
/// the opponents meet, tokens and cards in hand. Opposing face-down cards count by
/// their number only.
fn evaluate(g: &Game, me: PlayerId) -> i32 {
    let mut v = evaluate_counts(g, me);
    for p in g.players() {
        let sign = if p == me { 1 } else { -1 };
        for a in g.problem_areas() {
            if g.meets_confront_requirements(p, a) {
                v += sign * 25;
            }
        }
    }
    for &c in g.in_play() {
        let owner_sign = if g.card(c).controller == me { 1 } else { -1 };
        let d = g.def(c);
        let character = matches!(d.card_type, CardType::Friend | CardType::ManeCharacter);
        if !character {
            continue;
        }
        if !g.is_visible_to(c, me) {
            v += owner_sign * 20;
            continue;
        }
        let power = g.power(c).unwrap_or(0).max(0) as i32;
        let at_problem = matches!(g.card(c).area, Some(Area::Problem(_) | Area::Dilemma(_)));
        let ready = g.card(c).is_ready();
        let weight = if at_problem { 12 } else { 10 } - if ready { 0 } else { 3 };
        v += owner_sign * (15 + weight * power);
    }
    v
}

/// The most follow-up decisions of one's own a lookahead plays through.
const LOOKAHEAD_STEPS: usize = 24;

/// How much better (or worse) the player stands after choice `index` of the pending
/// decision and the follow-up decisions it brings them (each taken by rules of thumb),
/// as far as their seat can tell ([`evaluate`]). A draw is looked through only for what
/// it shows everyone: how many cards, points and tokens each player then has
/// ([`evaluate_counts`]). `None` when the result would show more of what the seat may
/// not know (a card from any deck put into play, flipped or set aside), or when the
/// choice is refused.
fn lookahead(g: &Game, me: PlayerId, index: usize) -> Option<i32> {
    let in_decks: Vec<CardId> = g
        .players()
        .flat_map(|p| {
            let pl = g.player(p);
            pl.deck.iter().chain(&pl.problem_deck).copied()
        })
        .collect();
    let mut h = g.clone();
    h.set_logging(false);
    h.apply_action(index).ok()?;
    for _ in 0..LOOKAHEAD_STEPS {
        let Some(d) = h.decision() else { break };
        let follow_up = d.player == me
            && match d.prompt {
                Prompt::Target
                | Prompt::May
                | Prompt::Pick
                | Prompt::ChooseMode
                | Prompt::Discard
                | Prompt::ChooseProblem
                | Prompt::Arrange
                | Prompt::Replacement
                | Prompt::AsEntersPlay
                | Prompt::ChooseColor
                | Prompt::FaceoffCards
                | Prompt::ChooseCardType
                | Prompt::NameCard
                | Prompt::OrderTriggers => true,
                Prompt::StartingProblem
                | Prompt::Mulligan
                | Prompt::Priority
                | Prompt::PhaseAction
                | Prompt::Uncover
                | Prompt::Challenge
                | Prompt::ConfrontOrder
                | Prompt::SendHome
                | Prompt::DiscardToHandSize
                | Prompt::RetireToHomeLimit
                | Prompt::RepairUniqueness => false,
            };
        if !follow_up {
            break;
        }
        let s = scores(&h, d, false);
        let k = (0..s.len()).max_by_key(|&i| (s[i], std::cmp::Reverse(i)))?;
        h.apply_action(k).ok()?;
    }
    let left: Vec<CardId> = in_decks
        .into_iter()
        .filter(|&c| !matches!(h.card(c).zone, Zone::DrawDeck | Zone::ProblemDeck))
        .collect();
    if left.is_empty() {
        Some(evaluate(&h, me) - evaluate(g, me))
    } else if left.iter().all(|&c| h.card(c).zone == Zone::Hand) {
        Some(evaluate_counts(&h, me) - evaluate_counts(g, me))
    } else {
        None
    }
}

/// A choice made as a card enters play (706.1a): the colour its owner lacks most for
/// the Problems in play and the cards in hand, a name the opponent has shown (never one
/// of its own), the strongest card to copy.
fn entry_score(g: &Game, me: PlayerId, c: &Choice) -> i32 {
    match *c {
        Choice::Color(color) => {
            let mut need: i32 = 0;
            for a in g.problem_areas() {
                let Some(f) = g.problem_at(a).and_then(|p| g.def(p).problem.as_ref()) else {
                    continue;
                };
                if g.area_owner(a) == Some(me) {
                    need += f
                        .owner
                        .iter()
                        .filter(|r| r.color == ReqColor::Color(color))
                        .map(|r| r.power as i32)
                        .sum::<i32>();
                }
            }
            for &h in &g.player(me).hand {
                need += g
                    .def(h)
                    .play_reqs
                    .iter()
                    .filter(|r| r.color == color)
                    .map(|r| r.power as i32)
                    .sum::<i32>();
            }
            need - g.power_of_color(me, color) as i32
        }
        Choice::Name(n) => {
            let name = g.def(n).full_name();
            let shown = g
                .in_play()
                .iter()
                .chain(g.players().flat_map(|p| g.player(p).discard.iter()))
                .filter(|&&x| g.card(x).owner != me && g.def(x).full_name() == name)
                .count() as i32;
            if g.card(n).owner == me {
                shown - 5
            } else {
                shown
            }
        }
        Choice::Card(k) => g.power(k).unwrap_or(0) as i32,
        Choice::Continue => -100,
        _ => 0,
    }
}

/// Naming a card for an effect (AD114: an opponent searched this player's deck for a
/// Friend and the player guesses which): one of the player's own cards still in their
/// deck, the more copies there and the dearer the card the likelier the searcher took
/// it; a name the player owns nowhere in the deck is a poor guess.
fn name_score(g: &Game, me: PlayerId, c: &Choice) -> i32 {
    let Choice::Name(n) = *c else {
        return i32::MIN;
    };
    let name = g.def(n).full_name();
    let copies = g
        .player(me)
        .deck
        .iter()
        .filter(|&&x| g.def(x).full_name() == name)
        .count() as i32;
    if copies == 0 {
        return -100;
    }
    let weight = i32::from(g.def(n).cost.unwrap_or(0)) + g.def(n).face.power.unwrap_or(0) as i32;
    copies * 10 + weight
}

/// Choosing cards one at a time for an effect: the strongest visible cards first, own
/// cards before opposing ones when the effect could go either way, and "done" only once
/// nothing is left worth choosing (an effect that may take several is usually worth
/// taking fully: moving, readying, returning one's own cards).
fn type_score(g: &Game, me: PlayerId, c: &Choice) -> i32 {
    use ponyccg_core::card::CardType;
    let Choice::CardType(t) = *c else {
        return i32::MIN;
    };
    match t {
        // Never in a hand.
        CardType::ManeCharacter | CardType::Problem => -100,
        CardType::Friend | CardType::Resource | CardType::Event | CardType::Troublemaker => {
            // A guess at an opposing hand card's type from what is public: the opponents'
            // discard piles, Friends (the commonest) breaking ties.
            let seen = g
                .players()
                .filter(|&p| p != me)
                .flat_map(|p| g.player(p).discard.iter())
                .filter(|&&x| g.def(x).card_type == t)
                .count() as i32;
            2 * seen + i32::from(t == CardType::Friend)
        }
    }
}

fn pick_score(g: &Game, me: PlayerId, c: &Choice) -> i32 {
    match *c {
        Choice::Card(k) if g.is_visible_to(k, me) => {
            let own = if g.card(k).controller == me { 10 } else { 0 };
            own + g.power(k).unwrap_or(0) as i32
        }
        Choice::Card(_) => 0,
        Choice::NoCard => -1,
        _ => -2,
    }
}

/// Who a faceoff an effect starts is to involve (514.3c): the strongest of one's own
/// cards, the weakest opposing card (a Troublemaker to challenge too), and the Problem
/// where one's characters lead the opposing ones by the most.
fn faceoff_score(g: &Game, me: PlayerId, c: &Choice) -> i32 {
    match *c {
        Choice::Card(k) if g.card(k).controller == me => g.power(k).unwrap_or(0) as i32,
        Choice::Card(k) => -(g.power(k).unwrap_or(0) as i32),
        Choice::Problem(a) => {
            let mine = g
                .characters_at(me, a)
                .map(|k| g.power(k).unwrap_or(0) as i32)
                .sum::<i32>();
            let theirs = g
                .players()
                .filter(|&p| p != me)
                .flat_map(|p| g.characters_at(p, a))
                .map(|k| g.power(k).unwrap_or(0) as i32)
                .sum::<i32>();
            mine - theirs
        }
        _ => i32::MIN / 2,
    }
}

/// The index of the highest score, ties broken at random.
fn best(scores: &[i32], rng: &mut ChaCha8Rng) -> usize {
    let top = *scores.iter().max().expect("non-empty");
    let ties: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == top).collect();
    ties[crate::below(rng, ties.len())]
}

/// Easier Problems first (lower owner requirements), then higher bonus; a high
/// requirement for opponents keeps them away.
fn starting_problem_score(g: &Game, problem: CardId) -> i32 {
    let Some(f) = g.def(problem).problem.as_ref() else {
        return 0;
    };
    let own: i32 = f.owner.iter().map(|r| r.power as i32).sum();
    let theirs = match f.opponent {
        OpponentReq::Wild(n) => n as i32,
        OpponentReq::Unmeetable => 20,
    };
    -10 * own + 3 * f.bonus as i32 + theirs
}

/// Keep a hand with at least two cheap characters (cost 3 or less).
fn keep_hand(g: &Game, me: PlayerId) -> bool {
    let cheap = g
        .player(me)
        .hand
        .iter()
        .filter(|&&c| g.def(c).card_type == CardType::Friend && g.def(c).cost.unwrap_or(9) <= 3)
        .count();
    cheap >= 2
}

/// How much the player wants to keep a card (higher keeps it): characters by power,
/// cards it can afford soon over expensive ones.
fn keep_value(g: &Game, me: PlayerId, c: CardId) -> i32 {
    if !g.is_visible_to(c, me) {
        return 0;
    }
    let d = g.def(c);
    let power = g.power(c).or(d.face.power).unwrap_or(0) as i32;
    let ready = i32::from(g.card(c).is_ready());
    match d.card_type {
        CardType::ManeCharacter => 1000,
        CardType::Friend => 10 * power + 3 * ready - d.cost.unwrap_or(0) as i32,
        CardType::Resource => 8,
        CardType::Troublemaker => 6,
        _ => 5,
    }
}

/// Power the player has ready at an area (what counts for confronting and faceoffs).
fn ready_power(g: &Game, p: PlayerId, area: Area) -> i32 {
    g.characters_at(p, area)
        .filter(|&c| g.contributes(c))
        .map(|c| g.power(c).unwrap_or(0).max(0) as i32)
        .sum()
}

/// How far ahead the player's involved power is over a face-up Troublemaker's; positive
/// scores challenge, anything else declines.
fn challenge_margin(g: &Game, me: PlayerId, tm: CardId) -> i32 {
    if !g.is_visible_to(tm, me) {
        return -1;
    }
    let Some(area) = g.card(tm).area else {
        return -1;
    };
    let theirs = g.power(tm).unwrap_or(0) as i32;
    let mine = ready_power(g, me, area);
    mine - theirs
}

fn accepts(colors: Colors, req: ReqColor) -> bool {
    match req {
        ReqColor::Color(c) => colors.contains(c),
        ReqColor::Not(c) => colors.is_empty() || colors.iter().any(|x| x != c),
        ReqColor::Wild | ReqColor::Rainbow => true,
    }
}

/// Roughly how much power the player still lacks to meet their confront requirements at
/// a Problem, with `extra` (colours, power) added there: each coloured line is paid
/// greedily by the characters that may pay it, what is left over pays the wild part.
/// Blocked or unmeetable Problems count as far away.
fn deficit(g: &Game, me: PlayerId, area: Area, extra: Option<(Colors, i32)>) -> i32 {
    const FAR: i32 = 100;
    const BLOCKED: i32 = 20;
    /// The power guessed for a face-down Troublemaker (its face can't be seen).
    const FACE_DOWN_GUESS: i32 = 3;
    let Some(pr) = g.problem_at(area) else {
        return FAR;
    };
    let Some(f) = g.def(pr).problem.as_ref() else {
        return FAR;
    };
    if g.blocked_by_troublemaker(me, area) {
        // Blocked (611.3e) until the Troublemaker is defeated in a challenge (608):
        // what counts is power enough there to beat it. Further than any plain Problem,
        // but characters gathering there still make progress.
        let theirs: i32 = g
            .troublemakers_at(area)
            .filter(|&t| g.card(t).controller != me)
            .map(|t| {
                if g.is_visible_to(t, me) {
                    g.power(t).unwrap_or(0).max(0) as i32
                } else {
                    FACE_DOWN_GUESS
                }
            })
            .sum();
        let mine = ready_power(g, me, area) + extra.map_or(0, |e| e.1);
        return BLOCKED + (theirs + 1 - mine).max(0);
    }
    let mut chars: Vec<(Colors, i32)> = g
        .characters_at(me, area)
        .filter(|&c| g.contributes(c))
        .map(|c| (g.colors(c), g.power(c).unwrap_or(0).max(0) as i32))
        .collect();
    chars.extend(extra);
    let mut lines: Vec<(ReqColor, i32)> = Vec::new();
    let mut wild = 0;
    if g.card(pr).owner == me {
        for r in &f.owner {
            match r.color {
                ReqColor::Wild => wild += r.power as i32,
                ReqColor::Rainbow => {
                    for c in Color::ALL {
                        lines.push((ReqColor::Color(c), r.power as i32));
                    }
                }
                other => lines.push((other, r.power as i32)),
            }
        }
    } else {
        match f.opponent {
            OpponentReq::Wild(n) => wild = n as i32,
            OpponentReq::Unmeetable => return FAR,
        }
    }
    // Characters that can pay fewer lines pay first.
    chars.sort_by_key(|&(colors, power)| {
        (
            lines.iter().filter(|l| accepts(colors, l.0)).count(),
            -power,
        )
    });
    let mut left_over = 0;
    for (colors, power) in chars {
        match lines.iter_mut().find(|l| l.1 > 0 && accepts(colors, l.0)) {
            // 611.3b: a character pays one line; 611.3d: its excess still pays wild.
            Some(l) => {
                let paid = power.min(l.1);
                l.1 -= paid;
                left_over += power - paid;
            }
            None => left_over += power,
        }
    }
    let coloured: i32 = lines.iter().map(|l| l.1).sum();
    coloured + (wild - left_over).max(0)
}

/// Whether the player meets the requirements at `to` after taking `action` (applied to a
/// clone; only for the deterministic actions this is called with).
fn meets_after(g: &Game, me: PlayerId, choice_index: usize, to: Area) -> bool {
    let mut h = g.clone();
    h.set_logging(false);
    h.apply_action(choice_index).is_ok() && h.meets_confront_requirements(me, to)
}

fn action_score(g: &Game, me: PlayerId, index: usize, c: &Choice, look: bool) -> i32 {
    let hand = g.player(me).hand.len();
    match *c {
        // A Friend played by its own timing (CN12) is weighed as any Friend played there.
        Choice::PlayFriend { card, to } | Choice::PlayTimed { card, to } => {
            let power = g.def(card).face.power.unwrap_or(0) as i32;
            let cost = g.def(card).cost.unwrap_or(0) as i32;
            let base = 200 + 10 * power + cost;
            match to {
                Area::Home(_) => base,
                // A Dilemma's area is confronted like any Problem's (522.2).
                Area::Problem(_) | Area::Dilemma(_) => {
                    let met = g.meets_confront_requirements(me, to);
                    if !met && meets_after(g, me, index, to) {
                        base + 300 + bonus(g, to)
                    } else if met {
                        // More power helps in a faceoff there.
                        base + 5
                    } else {
                        // Progress towards the requirements there.
                        let before = deficit(g, me, to, None);
                        let after = deficit(g, me, to, Some((g.def(card).face.colors, power)));
                        base + 20 + 10 * (before - after) - after.min(20)
                    }
                }
            }
        }
        Choice::Move { card, to } => {
            if !g.contributes(card) {
                return -10;
            }
            let from = g.card(card).area;
            let keeps_source = match from {
                Some(a @ (Area::Problem(_) | Area::Dilemma(_))) => {
                    !g.meets_confront_requirements(me, a)
                }
                _ => true,
            };
            let from_home = matches!(from, Some(Area::Home(_)));
            match to {
                Area::Problem(_) | Area::Dilemma(_) if keeps_source => {
                    let met = g.meets_confront_requirements(me, to);
                    if !met && meets_after(g, me, index, to) {
                        450 + bonus(g, to)
                    } else if !met && from_home {
                        // A character idle at home scores nothing: gather characters at
                        // the Problem they bring nearest to its requirements, so that
                        // several together can meet what none meets alone (a game where
                        // both sides wait at home is called at the turn cap).
                        let power = g.power(card).unwrap_or(0).max(0) as i32;
                        let before = deficit(g, me, to, None);
                        let after = deficit(g, me, to, Some((g.colors(card), power)));
                        if after < before {
                            60 + 10 * (before - after) - after.min(20)
                        } else {
                            -10
                        }
                    } else {
                        -10
                    }
                }
                _ => -10,
            }
        }
        Choice::PlayResource { .. } => 120,
        // Redeem and Transform: a strong Friend for less, but a card of ours leaves play
        // for it, so a plain play of the same Friend scores higher.
        Choice::PlayRedeemed {
            card, retire: lost, ..
        }
        | Choice::PlayTransformed {
            card,
            returning: lost,
            ..
        } => {
            let power = g.def(card).face.power.unwrap_or(0) as i32;
            180 + 10 * (power - g.power(lost).unwrap_or(0) as i32)
        }
        Choice::Rally { .. } => 150,
        Choice::PlayTroublemaker { to, .. } => {
            // Only to stop an opponent who meets their requirements there now; tokens
            // are better spent on characters otherwise.
            let threat = g
                .opponents(me)
                .any(|o| g.meets_confront_requirements(o, to));
            let mine_here = g.troublemakers_at(to).any(|t| g.card(t).controller == me);
            if mine_here {
                -10
            } else if threat {
                TM_SCORE
            } else if g.tokens(me) >= SPARE_TOKENS {
                // Spare tokens: a Troublemaker where the opponents gather keeps them from
                // confronting there (607, 608) and frees a place in hand; one that sits
                // in hand for ever only clogs it.
                let opposing = g.opponents(me).flat_map(|o| g.characters_at(o, to)).count() as i32;
                TM_SCORE - 15 + 5 * opposing.min(3)
            } else {
                -10
            }
        }
        Choice::Draw => {
            if hand < DRAW_BELOW {
                50
            } else if hand < MAX_HAND && g.tokens(me) >= SPARE_TOKENS {
                // Tokens left over after everything worth doing: look for a card that
                // can be played (a hand the player can't use, kept for ever, stalls).
                15
            } else {
                -5
            }
        }
        // An ability, an Event or an attachment: done when what shows of its result is
        // better (a Friend dismissed for a token, or a weakening Resource on one's own
        // Friend, is not); one whose result hides behind a draw is worth a try.
        Choice::Activate { .. } | Choice::PlayEvent { .. } | Choice::PlayOn { .. } => {
            match look.then(|| lookahead(g, me, index)).flatten() {
                Some(delta) if delta > 0 => 60 + delta.min(300),
                Some(_) => -10,
                None => 5,
            }
        }
        Choice::Continue => 0,
        Choice::Pass => 0,
        _ => 1,
    }
}

fn bonus(g: &Game, area: Area) -> i32 {
    g.problem_at(area)
        .and_then(|p| g.def(p).problem.as_ref())
        .map_or(0, |f| f.bonus as i32)
}
