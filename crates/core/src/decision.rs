//! The decision API's typed layer: what a player is asked and what they may answer.
//! Every decision is one pick from a list; a multi-select is a sequence of picks.

use crate::ids::{Area, CardId, PlayerId};
use serde::{Deserialize, Serialize};

/// Why a player is being asked.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Prompt {
    /// 102.2: choose a Starting Problem.
    StartingProblem,
    /// 102.4: mulligan or keep.
    Mulligan,
    /// 510: the player has priority.
    Priority,
    /// 510.3, 609.1: a window closed; the turn player may open another with a phase action.
    PhaseAction,
    /// 607.2: the order to uncover face-down Troublemakers.
    Uncover,
    /// 608: which Troublemaker to challenge next, if any.
    Challenge,
    /// 610.1: which Problem's confront step comes next.
    ConfrontOrder,
    /// 514.6b: the character the losing challenger sends home.
    SendHome,
    /// 616.2: discard down to the maximum hand size.
    DiscardToHandSize,
    /// 616.3: retire Friends down to the home limit.
    RetireToHomeLimit,
    /// 516.2: choose a violating card to be dismissed.
    RepairUniqueness,
    /// 511.7a: which of your waiting triggered effects to process next.
    OrderTriggers,
    /// 712.3: whether to do what a "may" effect offers (and pay its cost).
    May,
    /// Choose a card for an effect.
    Target,
    /// Choose cards for an effect one at a time (`NoCard`: done, where fewer may be
    /// chosen).
    Pick,
    /// Choose a mode of a modal effect ("choose one").
    ChooseMode,
    /// Discard a card for an effect.
    Discard,
    /// Choose a Problem for an effect.
    ChooseProblem,
    /// Put looked-at cards back on a deck, one at a time.
    Arrange,
    /// 710.5: several replacement modifiers would replace one occurrence; the affected
    /// player chooses the one to apply first.
    Replacement,
    /// 706.1a: a choice made as a card enters play (a colour, a name, a card); 711.6:
    /// which of its static abilities applies first.
    AsEntersPlay,
    /// Choose a colour for an effect.
    ChooseColor,
    /// 514.3c: choose a card (or a Problem) a faceoff an effect starts is to involve.
    FaceoffCards,
    /// Choose a card type for an effect.
    ChooseCardType,
    /// 201.1: name a card for an effect (AD114).
    NameCard,
}

impl Prompt {
    /// What the prompt asks, with the rule that asks it, as every front end heads it.
    pub fn heading(&self) -> &'static str {
        match self {
            Prompt::StartingProblem => "Your Starting Problem (102.2)",
            Prompt::Mulligan => "Keep this hand or mulligan (102.4)",
            Prompt::Priority => "You have priority (510)",
            Prompt::PhaseAction => "Main Phase: take an action or end the phase (609)",
            Prompt::Uncover => "Uncover your Troublemakers in an order (607.2)",
            Prompt::Challenge => "Challenge a Troublemaker? (608)",
            Prompt::ConfrontOrder => "Which Problem to confront next (610.1)",
            Prompt::SendHome => "Send an involved character home (514.6b)",
            Prompt::DiscardToHandSize => "Discard down to your hand size (616.2)",
            Prompt::RetireToHomeLimit => "Retire Friends down to your home limit (616.3)",
            Prompt::RepairUniqueness => "Choose a card to dismiss (516.2)",
            Prompt::OrderTriggers => "Which of your triggered effects resolves next (511.7a)",
            Prompt::May => "Do what the effect offers, paying its cost? (712.3)",
            Prompt::Target => "Choose a card for the effect",
            Prompt::Pick => "Choose cards one at a time",
            Prompt::ChooseMode => "Choose a mode",
            Prompt::Discard => "Discard a card for the effect",
            Prompt::ChooseProblem => "Choose a Problem for the effect",
            Prompt::Arrange => "Put the looked-at cards back, one at a time",
            Prompt::Replacement => "Choose the replacement to apply first (710.5)",
            Prompt::AsEntersPlay => "As your card enters play (706.1a, 711.6)",
            Prompt::ChooseColor => "Choose a colour",
            Prompt::FaceoffCards => "Choose who is in the faceoff (514.3c)",
            Prompt::ChooseCardType => "Choose a card type",
            Prompt::NameCard => "Name a card (201.1)",
        }
    }
}

/// One answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// 510.1: pass priority.
    Pass,
    /// Decline to open another priority window (510.3) or to challenge again (608.1).
    Continue,
    StartingProblem(CardId),
    Mulligan,
    Keep,
    /// 609.2a: play a Friend to an area.
    PlayFriend {
        card: CardId,
        to: Area,
    },
    /// 512.1, 302.1: play a Friend to an area by its own timing (`Ability::PlayTimed`).
    PlayTimed {
        card: CardId,
        to: Area,
    },
    /// 609.2a, 305.1a: play a Resource (to its owner's home).
    PlayResource {
        card: CardId,
    },
    /// 609.2a, 305.1b, 509.2: play an attachment on a host.
    PlayOn {
        card: CardId,
        host: CardId,
    },
    /// 609.2a: play an Event.
    PlayEvent {
        card: CardId,
    },
    /// 609.2c: play a Troublemaker face-down to a Problem.
    PlayTroublemaker {
        card: CardId,
        to: Area,
    },
    /// 609.2b: move a character.
    Move {
        card: CardId,
        to: Area,
    },
    /// 609.2d: draw a card.
    Draw,
    /// 609.2e: rally a frightened card.
    Rally {
        card: CardId,
    },
    Uncover(CardId),
    Challenge(CardId),
    Confront(Area),
    /// Choose a card for the prompt (send home, discard, retire, dismiss, a target).
    Card(CardId),
    /// Play an Event, or activate ability `index` of a card in play (705.1).
    Activate {
        card: CardId,
        index: u8,
    },
    /// Process this card's waiting triggered effect next (511.7a).
    Trigger(CardId),
    /// Answers to a "may".
    Yes,
    No,
    /// Choose no card where that is allowed.
    NoCard,
    /// Choose a Problem area.
    Problem(Area),
    /// Put a looked-at card on top of the deck it came from now (so the last one put
    /// there ends on top).
    ToTop(CardId),
    /// Put a looked-at card on the bottom of the deck it came from now.
    ToBottom(CardId),
    /// 710.5: apply this replacement modifier (replacement `index` of `card`) first.
    Replacement {
        card: CardId,
        index: u8,
    },
    /// 609.2a, Redeem: play a Friend to an area for 3 less, retiring `retire` (a card of
    /// the player's with the same title) as an additional cost.
    PlayRedeemed {
        card: CardId,
        to: Area,
        retire: CardId,
    },
    /// 609.2a, Transform X: play a Friend to an area for X, putting `returning` (a
    /// Friend of the player's whose title includes this card's) into its owner's hand as
    /// an additional cost.
    PlayTransformed {
        card: CardId,
        to: Area,
        returning: CardId,
    },
    /// Choose (or name) a colour.
    Color(crate::card::Color),
    /// Choose mode `n` (counting from 0) of a modal effect.
    Mode(u8),
    /// A card type, for an effect that asks for one.
    CardType(crate::card::CardType),
    /// 201.1: name a card: the name of this card.
    Name(CardId),
    /// 711.6: of the modifiers starting together, the one from static ability `index` of
    /// `card` is timestamped first among those left.
    StaticFirst {
        card: CardId,
        index: u8,
    },
}

/// A pending decision: a player, a prompt and the legal answers. Labels are made on
/// request by [`crate::Game::label`], so random playouts never format strings.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Decision {
    pub player: PlayerId,
    pub prompt: Prompt,
    pub choices: Vec<Choice>,
}
