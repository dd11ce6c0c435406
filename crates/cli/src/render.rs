//! Text for people: the board a player sees (drawn from their view only) and readable
//! lines for the game log.

use crate::gamesetup::card_by_number;
use ponyccg_cards::Catalogue;
use ponyccg_core::card::{CardDef, OpponentReq, ReqColor, Requirement};
use ponyccg_core::view::{View, ViewCard};
use ponyccg_core::{Area, Game, Outcome, PlayerId, Viewer, WinReason};

/// How a player is called on screen.
pub fn who(p: PlayerId, me: Option<PlayerId>) -> String {
    match me {
        Some(m) if m == p => format!("{p} (you)"),
        _ => p.to_string(),
    }
}

fn facts(number: &Option<String>) -> Option<CardDef> {
    number
        .as_deref()
        .and_then(|n| card_by_number(n, Catalogue::builtin()))
}

fn req_line(r: &Requirement) -> String {
    match r.color {
        ReqColor::Color(c) => format!("{} {c}", r.power),
        ReqColor::Not(c) => format!("{} non-{c}", r.power),
        ReqColor::Wild => format!("{} any colour", r.power),
        ReqColor::Rainbow => format!("{} of each colour", r.power),
    }
}

/// Both sides' confront requirements of a Problem (209.1): the owner's, then the rest.
pub fn problem_requirements(def: &CardDef) -> Option<(String, String, u16)> {
    let f = def.problem.as_ref()?;
    let own = f.owner.iter().map(req_line).collect::<Vec<_>>().join(" + ");
    let theirs = match f.opponent {
        OpponentReq::Wild(n) => format!("{n} any colour"),
        OpponentReq::Unmeetable => "can't be met".to_string(),
    };
    Some((own, theirs, f.bonus))
}

fn card_line(c: &ViewCard) -> String {
    card_line_in(c, true)
}

/// A card's line; `in_play` says whether ready / exhausted / frightened apply (a
/// card in hand is none of them).
fn card_line_in(c: &ViewCard, in_play: bool) -> String {
    let name = match (&c.name, c.face_down) {
        (Some(n), true) => format!("{n} (face-down)"),
        (Some(n), false) => n.clone(),
        // Only an opponent's face-down Troublemaker is hidden in play (505.1d).
        (None, _) => "a face-down Troublemaker".to_string(),
    };
    let mut parts = vec![name];
    if let Some(t) = c.card_type {
        parts.push(t.name().to_string());
    }
    if let Some(p) = c.power {
        parts.push(format!("power {p}"));
    }
    if !c.colors.is_empty() {
        parts.push(
            c.colors
                .iter()
                .map(|x| x.name())
                .collect::<Vec<_>>()
                .join("/"),
        );
    }
    if c.counters != 0 {
        parts.push(format!("{:+} counters", c.counters));
    }
    for (name, n) in &c.named_counters {
        parts.push(format!("{n} {name}"));
    }
    let state = if c.frightened {
        "frightened"
    } else if c.face_down {
        ""
    } else if c.exhausted {
        "exhausted"
    } else {
        "ready"
    };
    if in_play && !state.is_empty() && c.card_type.is_some_and(|t| t.is_character()) {
        parts.push(state.to_string());
    }
    parts.join(" · ")
}

fn hand_line(c: &ViewCard) -> String {
    let mut s = card_line_in(c, false);
    if let Some(cost) = c.cost {
        s.push_str(&format!(" · cost {cost}"));
    }
    if let Some(d) = facts(&c.number) {
        if !d.play_reqs.is_empty() {
            let reqs: Vec<String> = d
                .play_reqs
                .iter()
                .map(|r| format!("{} {}", r.power, r.color))
                .collect();
            s.push_str(&format!(" · needs {}", reqs.join(" + ")));
        }
        if let Some(p) = d.points {
            s.push_str(&format!(" · {p} points"));
        }
    }
    s
}

/// The board as `v.viewer` sees it, with the pending decision's `choices` (as
/// shown: labels with their costs) and the card whose ability asks it, if any.
pub fn board(v: &View, choices: &[String], asked_by: Option<&str>) -> String {
    let me = v.viewer.seat();
    let mut out = String::new();
    let push = |out: &mut String, s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    push(
        &mut out,
        format!(
            "=== Turn {} · {}'s turn · {} / {}{} ===",
            v.turn,
            who(v.turn_player, me),
            v.step.phase().name(),
            v.step.name(),
            if v.in_faceoff { " · faceoff" } else { "" }
        ),
    );
    for p in &v.players {
        push(
            &mut out,
            format!(
                "{}: score {} · {} action tokens · hand {} · deck {} · discard {} · Problem deck {}{}",
                who(p.player, me),
                p.score,
                p.tokens,
                p.hand_size,
                p.deck_size,
                p.discard.len(),
                p.problem_deck_size,
                if p.removed { " · left the game" } else { "" }
            ),
        );
    }
    for a in &v.areas {
        let attached = |host: &ViewCard| -> Vec<&ViewCard> {
            a.cards
                .iter()
                .filter(|c| c.host == Some(host.object))
                .collect()
        };
        match a.area {
            Area::Home(p) if Some(p) == me => push(&mut out, "\nYour home".into()),
            Area::Home(p) => push(&mut out, format!("\n{p}'s home")),
            // 522.2b: a Dilemma's area belongs to the Dilemma's controller, whose side of
            // its requirements is the owner's.
            Area::Problem(_) | Area::Dilemma(_) => {
                let Some(pc) = &a.problem else { continue };
                let (kind, p) = match a.area {
                    Area::Problem(p) => ("Problem", p),
                    _ => ("Dilemma", pc.controller),
                };
                push(
                    &mut out,
                    format!("\n{kind} \"{}\" ({}'s)", a.name, who(p, me)),
                );
                if let Some((own, theirs, bonus)) =
                    facts(&pc.number).as_ref().and_then(problem_requirements)
                {
                    push(
                        &mut out,
                        format!(
                            "  requirements: {}: {own} · opponents: {theirs} · bonus {bonus}",
                            who(p, me)
                        ),
                    );
                }
            }
        }
        if a.cards.is_empty() {
            push(&mut out, "  (nobody)".into());
        }
        for c in a.cards.iter().filter(|c| c.host.is_none()) {
            push(
                &mut out,
                format!("  {}: {}", who(c.controller, me), card_line(c)),
            );
            for x in attached(c) {
                push(&mut out, format!("      attached: {}", card_line(x)));
            }
        }
    }
    if let Some(hand) = me
        .and_then(|me| v.players.get(me.index()))
        .and_then(|p| p.hand.as_ref())
    {
        push(&mut out, "\nYour hand:".into());
        if hand.is_empty() {
            push(&mut out, "  (empty)".into());
        }
        for c in hand {
            push(&mut out, format!("  {}", hand_line(c)));
        }
    }
    if let Some(o) = &v.outcome {
        push(&mut out, format!("\n{}", outcome(o, me)));
    } else if let Some(p) = &v.prompt {
        let by = asked_by.map_or(String::new(), |c| format!(" — asked by \"{c}\""));
        push(&mut out, format!("\n{}{by} — choose:", p.heading()));
        for (i, l) in choices.iter().enumerate() {
            push(&mut out, format!("  {:>2}. {l}", i + 1));
        }
    }
    out
}

/// The pending decision's choices as shown: each label, with what it costs in
/// action tokens where it costs any (609.2: playing, moving, drawing, rallying).
pub fn shown_choices(g: &Game, labels: &[String]) -> Vec<String> {
    let Some(d) = g.decision() else {
        return labels.to_vec();
    };
    labels
        .iter()
        .zip(&d.choices)
        .map(|(l, c)| match g.choice_cost(d.player, c) {
            Some(n) => format!("{l} · costs {n}"),
            None => l.clone(),
        })
        .collect()
}

/// The name of the card whose ability asks the pending decision, as `viewer` may
/// know it.
pub fn asked_by(g: &Game, viewer: PlayerId) -> Option<String> {
    let c = g.asking_card()?;
    Some(if g.is_visible_to(c, viewer) {
        g.name(c)
    } else {
        "a face-down card".to_string()
    })
}

/// How a game ended, in a sentence.
pub fn outcome(o: &Outcome, me: Option<PlayerId>) -> String {
    match o {
        Outcome::Win { winner, reason } => {
            let why = match reason {
                WinReason::Points => "reaching 15 points (103.2)",
                WinReason::OpponentsLeft => "being the last player left (103.3)",
            };
            format!("Game over: {} won by {why}.", who(*winner, me))
        }
        Outcome::Draw => "Game over: a draw (103.2a).".to_string(),
    }
}

/// The log lines `viewer` may see in the events logged since the last take, routine
/// bookkeeping left out.
pub fn log_lines(g: &mut Game, viewer: Viewer) -> Vec<String> {
    g.take_logged()
        .iter()
        .map(|l| l.observe(viewer))
        .filter(|o| !o.bookkeeping)
        .map(|o| o.text)
        .collect()
}

/// Runs of the same line become one line with a count ("P1 draws a card (x6)").
pub fn collapse(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for l in lines {
        match out.last_mut() {
            Some((last, n)) if *last == l => *n += 1,
            _ => out.push((l, 1)),
        }
    }
    out.into_iter()
        .map(|(l, n)| if n > 1 { format!("{l} (x{n})") } else { l })
        .collect()
}
