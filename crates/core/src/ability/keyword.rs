//! Keywords (701.4 and the glossary), each implemented once here. Keyword triggers are
//! written as ordinary script abilities so they resolve like any other; the continuous
//! keywords are read by the derived values in `rules/derived.rs`.

use super::script::*;
use crate::card::{CardType, Keyword};

/// Whether the engine implements a keyword. A card holding one it doesn't is refused
/// rather than played as if the keyword weren't there.
pub fn implemented(k: Keyword) -> bool {
    use Keyword::*;
    matches!(
        k,
        HomeLimit(_)
            | StartingProblem
            | Swift
            | Stubborn
            | Competitive(_)
            | Supportive(_)
            | Caretaker
            | Experienced
            | Prismatic
            | Eccentric(_)
            | Showy(_)
            | Hasty
            | Agile
            | Diligent(_)
            | Studious
            | Prepared
            | Traveler
            | Villain
            | Calming(_)
            | Random
            | Inspired
            | Meticulous(_)
            | Persistent
            | Vexing
            | Teamwork
            | Pumped
            | Redeem
            | Transform(_)
    )
}

/// The keywords that stand for replacement modifiers (710), in a fixed order (their
/// position names the modifier, see `rules/replace.rs`).
pub const REPLACING: [Keyword; 2] = [Keyword::Persistent, Keyword::Vexing];

/// The replacement modifier a keyword stands for: what it watches for and what happens
/// instead, always a "may" for the card's controller.
pub fn replacement(k: Keyword) -> Option<(Would, Instead)> {
    match k {
        // Persistent: about to leave play, the card may be frightened in its place (504).
        Keyword::Persistent => Some((Would::LeavePlay(Subject::This), Instead::Frighten)),
        // Vexing: an opponent's confront of the Problem the card is at may be traded for
        // retiring the card, and then that confront doesn't happen.
        Keyword::Vexing => Some((Would::Confront(Who::Opponent), Instead::RetireThis)),
        _ => None,
    }
}

fn opposing_friend_here() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(Who::Opponent),
        place: Some(Place::Here),
        ..Cards::default()
    }
}

/// "When you win a faceoff involving this card".
fn win_with_this() -> Trigger {
    Trigger::on(Happening::WinsFaceoff)
        .by(Actor::You)
        .card(TriggerCard::This)
}

/// Whether a keyword stands for a triggered ability (see [`triggered`]).
pub fn is_triggered(k: Keyword) -> bool {
    use Keyword::*;
    matches!(
        k,
        Diligent(_)
            | Studious
            | Prepared
            | Traveler
            | Villain
            | Calming(_)
            | Random
            | Inspired
            | Meticulous(_)
    )
}

/// The triggered ability a keyword stands for, if it is one.
pub fn triggered(k: Keyword) -> Option<Ability> {
    use Keyword::*;
    let t = |when, optional, effects| {
        Some(Ability::Triggered {
            when,
            condition: None,
            optional,
            cost: vec![],
            effects,
        })
    };
    match k {
        // You may put X +1 power counters on this card when you win a faceoff with it.
        Diligent(x) => t(
            win_with_this(),
            true,
            vec![Effect::Counters {
                target: Target::This,
                amount: Amount::N(x as i16),
            }],
        ),
        // An action token when you win a faceoff with it, one per faceoff across all
        // Studious cards (the effect does the check).
        Studious => t(win_with_this(), false, vec![Effect::Studious]),
        // An action token when an opponent starts a faceoff here.
        Prepared => t(
            Trigger::on(Happening::FaceoffBegins)
                .by(Actor::Opponent)
                .at(Spot::Here),
            false,
            vec![Effect::GainTokens {
                who: Who::You,
                amount: Amount::N(1),
            }],
        ),
        // You may put a +1 power counter on it when you move it.
        Traveler => t(
            Trigger::on(Happening::Moved)
                .by(Actor::You)
                .card(TriggerCard::This),
            true,
            vec![Effect::Counters {
                target: Target::This,
                amount: Amount::N(1),
            }],
        ),
        // When uncovered, frighten each Friend at its Problem.
        Villain => t(
            Trigger::on(Happening::Uncovered).card(TriggerCard::This),
            false,
            vec![Effect::Frighten(Target::Each(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                place: Some(Place::Here),
                ..Cards::default()
            }))],
        ),
        // An opposing Friend entering play here gets -X power this turn.
        Calming(x) => t(
            Trigger::on(Happening::EntersPlay).card(TriggerCard::Any(opposing_friend_here())),
            false,
            vec![Effect::Until {
                target: Target::It,
                effect: StaticEffect::Power {
                    cards: None,
                    amount: Amount::N(-(x as i16)),
                },
                duration: Duration::EndOfTurn,
            }],
        ),
        // Once per faceoff involving it: a 1-power card you flip may be ignored and
        // replaced by a new flip.
        Random => Some(Ability::Triggered {
            when: Trigger::on(Happening::Flips).by(Actor::You),
            condition: Some(Condition::All(vec![
                Condition::Involved,
                Condition::FirstThisFaceoff,
                Condition::ItFits(Cards {
                    place: Some(Place::Flipped),
                    power_at_least: Some(1),
                    power_at_most: Some(1),
                    ..Cards::default()
                }),
            ])),
            optional: true,
            cost: vec![],
            effects: vec![
                Effect::OncePerFaceoff,
                Effect::Ignore(Target::It),
                Effect::Flip {
                    who: Who::You,
                    amount: 1,
                },
            ],
        }),
        // At the start of your Main Phase, once a turn across all your Inspired cards,
        // look at the opponent's top cards (the effect does the once-a-turn check).
        Inspired => t(
            Trigger::on(Happening::PhaseStarts(PhaseName::Main)).by(Actor::You),
            false,
            vec![Effect::Inspired],
        ),
        // At the start of your turn you may look at your top X cards; each goes back on
        // the top or the bottom.
        Meticulous(x) => t(
            Trigger::on(Happening::TurnStarts).by(Actor::You),
            true,
            vec![Effect::LookAt {
                deck: DeckRef::Yours,
                count: Amount::N(x as i16),
                reveal: false,
                take: None,
                back: PutBack::TopOrBottom,
            }],
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_triggered_agrees_with_triggered() {
        use Keyword::*;
        let all = [
            Agile,
            Calming(1),
            Caretaker,
            Competitive(1),
            Diligent(1),
            Eccentric(1),
            Experienced,
            Hasty,
            HomeLimit(3),
            Inspired,
            Meticulous(1),
            Persistent,
            Prepared,
            Prismatic,
            Pumped,
            Random,
            Redeem,
            Showy(1),
            StartingProblem,
            Stubborn,
            Studious,
            Supportive(1),
            Swift,
            Teamwork,
            Transform(1),
            Traveler,
            Vexing,
            Villain,
            Harmonious(1),
            Tyrannical(1),
        ];
        for k in all {
            assert_eq!(is_triggered(k), triggered(k).is_some(), "{k}");
        }
    }
}
