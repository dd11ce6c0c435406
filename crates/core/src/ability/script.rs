//! The ability script: our own typed language for card text. Scripts are data
//! (serde), checked when the catalogue loads, and rendered back into words for players.

use crate::card::{CardType, Color, Keyword};
use serde::{Deserialize, Serialize};

/// One ability (701.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Ability {
    /// 702: a continuous ability, generating a modifier while its condition holds.
    Static {
        effect: StaticEffect,
        #[serde(default, rename = "while")]
        condition: Option<Condition>,
    },
    /// 704: a triggered ability.
    Triggered {
        when: Trigger,
        #[serde(default, rename = "if")]
        condition: Option<Condition>,
        /// 712.3: "you may" — the effect is created; the choice comes as it resolves.
        #[serde(default)]
        optional: bool,
        /// A cost paid as the effect resolves ("you may pay [1] to …", 707.2a).
        #[serde(default)]
        cost: Vec<Cost>,
        effects: Vec<Effect>,
    },
    /// 703: an activated ability with a timing phrase; its cost precedes "to" (703.1d).
    Activated {
        timing: Timing,
        /// The ability can be used only while this holds ("while this card is at a
        /// Problem, …").
        #[serde(default, rename = "while")]
        condition: Option<Condition>,
        #[serde(default)]
        cost: Vec<Cost>,
        effects: Vec<Effect>,
    },
    /// 509: this card is an attachment, played on a card that fits (its host
    /// description, 509.4); it stays only while its host fits (511.2), even if it loses
    /// its abilities (509.4a).
    Attach(Cards),
    /// 304: what an Event does when played, and when it may be played (512.2).
    Play {
        timing: Timing,
        #[serde(default)]
        cost: Vec<Cost>,
        effects: Vec<Effect>,
    },
    /// 703: an activated ability any player may activate, not just the controller; the
    /// player who activates it is "you" for its cost and instructions.
    ActivatedByAny {
        timing: Timing,
        /// Offered to a player only while this holds, read with that player as "you".
        #[serde(default, rename = "while")]
        condition: Option<Condition>,
        #[serde(default)]
        cost: Vec<Cost>,
        effects: Vec<Effect>,
    },
    /// 706.1a: applied as this card enters play, before its continuous abilities start
    /// and before "when this enters play" triggers (706.1c-d). See `rules/entering.rs`.
    AsEntersPlay(Entry),
    /// 205.1: a play requirement beyond colours: the card can be played only while the
    /// condition holds, read with the player playing it as "you" ("you must control …").
    PlayRequires(Condition),
    /// 705.2b: a change of what playing this very card costs, read as it is played from
    /// wherever it is played (the hand, or a discard pile a card like CN127 lets its
    /// player play from), with its player as "you" and the area it is played to as
    /// `There` (CG30: 1 less for each Earth Pony Friend of yours there). Only
    /// `action: Play` changes mean anything here.
    PlayCost(Box<CostChange>),
    /// An ability that works while its card is in a zone out of play (the hand, the
    /// discard pile, the banished zone) and nowhere else: `From(Discard,
    /// Static(effect: PlayAsFromHand))` is "you may play this card from your discard
    /// pile". Only a static `PlayAsFromHand` is given effect there for now; the loader
    /// refuses any other ability inside (see [`Ability::check_from`]).
    From(OutOfPlay, Box<Ability>),
    /// 512.1, 302.1: a timing phrase on a card that is played, not activated (a Friend
    /// "Faceoff: you may play this card …", CN12): besides its usual play its player may
    /// play it from hand whenever `timing` allows, as an Event of that timing may be
    /// played, to an area where `to` holds (read with the player as "you" and that area
    /// as `There`; a Friend to a home or a Problem, 302.1); once it has entered play that
    /// way, `then` is followed as its effect ("if you do, …").
    PlayTimed {
        timing: Timing,
        #[serde(default)]
        to: Option<Condition>,
        #[serde(default)]
        then: Vec<Effect>,
    },
}

/// Zones out of play an ability may work from (`Ability::From`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OutOfPlay {
    Hand,
    Discard,
    Banished,
}

impl OutOfPlay {
    /// The engine zone this names.
    pub fn zone(self) -> crate::ids::Zone {
        match self {
            OutOfPlay::Hand => crate::ids::Zone::Hand,
            OutOfPlay::Discard => crate::ids::Zone::Discard,
            OutOfPlay::Banished => crate::ids::Zone::Banished,
        }
    }
}

/// What an "as this card enters play" ability does (706.1a-b). Choices are made by the
/// card's controller and kept for as long as the card stays in play.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Entry {
    /// Choose `count` colours (with `up_to`, any number up to `count`, none included):
    /// the card is those colours, in place of its printed ones (modifiers may still add
    /// others). Choosing none leaves its printed colours.
    Colors {
        #[serde(default = "one")]
        count: u8,
        #[serde(default)]
        up_to: bool,
    },
    /// The controller may reveal a card from their hand that fits: the card is the
    /// revealed card's colours (its printed ones when none is revealed).
    RevealedColors(Cards),
    /// Name a card (of the kind, if given), 201.1: read by `Cards::named`.
    Name(#[serde(default)] Option<CardKind>),
    /// 520.3: banish a card that fits (the controller chooses); this card enters play as
    /// a copy of it. With none to banish it enters as itself.
    CopyBanished(Cards),
    /// Choose a card that fits (in play unless the description names a place; the
    /// controller must choose one when any fits): this card has that card's printed
    /// abilities, keywords included, as long as it stays in play (AD202). Abilities of
    /// the chosen card that work as a card enters play are not applied (706.1a).
    AbilitiesOf(Cards),
    /// 706.1b: the card enters play with this many +1 power counters (519.4).
    PowerCounters(i16),
    /// 706.1b: the card enters play exhausted.
    Exhausted,
}

/// Timing phrases (512).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// 512.3: "[x] Phase", by the turn player to open a window in that phase.
    Phase(PhaseName),
    /// 512.3 with any phase for "[x]": "Any Phase", by the turn player to open a window in
    /// any phase of their turn, never during a faceoff (512.3a).
    AnyPhase,
    /// 512.4: only during a faceoff (of the named kind, 512.4a).
    Faceoff(#[serde(default)] Option<FaceoffType>),
    /// 512.5: whenever the player has priority.
    Immediate,
    /// 512.4b-d: once per instance of the condition, met since the last window closed:
    /// an event the trigger form describes, and the `if` condition, read as the
    /// Reaction is used.
    Reaction {
        when: Box<Trigger>,
        /// Boxed so this rare variant doesn't widen every timing.
        #[serde(default, rename = "if")]
        condition: Option<Box<Condition>>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PhaseName {
    Ready,
    Troublemaker,
    Main,
    Score,
    End,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FaceoffType {
    Troublemaker,
    Problem,
}

/// Who an instruction speaks of, from the controller's point of view (513.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    You,
    Opponent,
    Each,
    /// The controller of the card the trigger is about.
    ItsController,
    /// The player the trigger is about ("that player": who confronted, won, defeated,
    /// moved or played, or whose phase it is).
    ThatPlayer,
    /// That player's opponent.
    ThatPlayersOpponent,
}

/// Where cards are looked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// Anywhere in play.
    InPlay,
    /// 501.4: the area of the card the text is on.
    Here,
    /// At any Problem.
    AtAProblem,
    /// At a home.
    AtHome,
    /// At the Problem the trigger is about (501.5 "there").
    There,
    Hand,
    Discard,
    /// In a draw deck (searching, 518).
    Deck,
    /// At a Problem owned by one of the controller's opponents.
    AtOpponentsProblem,
    /// Involved in the current faceoff (514.3).
    Involved,
    /// In a flip zone, flipped during the current faceoff (515.2).
    Flipped,
    /// In play and involved in the current faceoff, or, once it has ended, in the one
    /// that ended last (as the same object): "that was involved".
    WasInvolved,
    /// In play at an area where the current faceoff takes place (514.3e).
    AtFaceoff,
    /// In play, but not at this card's area.
    Elsewhere,
    /// Among the cards the effect being followed revealed (`Effect::Reveal`).
    Revealed,
    /// In a banished zone (401.1).
    Banished,
    /// Banished beneath this card (410.5), linked to it.
    BeneathThis,
    /// Set aside face-down (`Effect::SetAside`, AD114). No list holds such cards, so the
    /// place is read of a card an effect names (`ItFits`), never searched for.
    SetAside,
    /// Banished by this card's `BanishLinked` and still banished since (410.6), whether
    /// or not this card is still in play; the link is forgotten as this card enters
    /// play again, a new object (AD206).
    Linked,
    /// In play at the area of the card `It` names (a chosen Problem's area, or where a
    /// chosen character is): "choose a Problem; … the characters there" (CG98, CG110, AD90,
    /// AD109).
    AtIts,
    /// Banished beneath the card `It` names (410.5), while it is in play.
    BeneathIt,
    /// Among the cards the latest `Pick` of the effect being followed chose, wherever
    /// they are ("one of them").
    Picked,
    /// Wherever the card is, in play or not (a played Event, a discarded card).
    Anywhere,
    /// The bottom card of a draw deck (AD93).
    DeckBottom,
    /// The top card of a draw deck (CN142, CN153).
    DeckTop,
    /// In a challenge prohibition's condition: the characters the challenge being
    /// checked would involve, the challenger's at the Troublemaker's Problem (514.3a) or
    /// the one an effect's challenge names (514.3a.i, CN200); nothing elsewhere (CG166).
    Challenging,
}

/// A description of cards (selectors). Every listed test must hold.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Cards {
    #[serde(rename = "type")]
    pub card_type: Option<CardKind>,
    pub controller: Option<Who>,
    pub place: Option<Place>,
    pub color: Option<Color>,
    /// At least one of these colours ("a [Loyalty] or [Laughter] character").
    pub any_color: Vec<Color>,
    /// One of these kinds ("a Friend or Resource"); read with `type`, when both are
    /// given, as both having to hold.
    pub any_type: Vec<CardKind>,
    pub trait_: Option<String>,
    /// A name reference: characters and Troublemakers whose title includes it (201.3a),
    /// other cards by their whole title (201.3).
    pub title: Option<String>,
    pub power_at_most: Option<i16>,
    pub power_at_least: Option<i16>,
    /// Only cards whose power compares this way to the amount, read as the description
    /// is ("with equal or greater power" than the card `It` names: `(AtLeast,
    /// Power(It))`).
    pub power_vs: Option<Box<(Cmp, Amount)>>,
    pub cost_at_most: Option<u8>,
    /// Only cards whose printed cost (none counts as 0) compares this way to the amount
    /// ("costing no more than this card": `(AtMost, Cost(This))`, CG199).
    pub cost_vs: Option<Box<(Cmp, Amount)>>,
    /// Only cards whose printed power (none counts as 0) compares this way to the
    /// amount (as many as this card's Party counters: `(EqualTo, Counters(This,
    /// "Party"))`, CG138).
    pub printed_power_vs: Option<Box<(Cmp, Amount)>>,
    /// Only cards whose power compares this way to their own printed cost (none counts
    /// as 0): "with power greater than its cost" is `Some(MoreThan)` (CG124).
    pub power_vs_cost: Option<Cmp>,
    /// Not the card the text is on.
    pub other: bool,
    pub ready: Option<bool>,
    /// Only frightened cards (`Some(true)`, 504) or only cards in play that aren't
    /// (`Some(false)`).
    pub frightened: Option<bool>,
    pub face_down: Option<bool>,
    /// Only the card this attachment is attached to (509.1).
    pub host: bool,
    /// Only cards attached to this card.
    pub on_this: bool,
    /// Only cards that don't have this colour.
    pub without_color: Option<Color>,
    /// Only cards that have this colour and no other ("characters that have only that
    /// colour", CG158).
    pub only_color: Option<Color>,
    /// `only_color` with the colour an earlier `Effect::ChooseColor` of the same effect
    /// chose (CG158); fits nothing before one is chosen.
    pub only_chosen_color: bool,
    /// Only attachments whose host fits this description ("a Resource on an opposing
    /// Friend here").
    pub attached_to: Option<Box<Cards>>,
    /// Only cards involved in the current faceoff (514.2).
    pub involved: bool,
    /// Only attachments (`Some(true)`: cards attached to a host, 509) or only cards
    /// that aren't (`Some(false)`: "a non-attachment Resource", CG132).
    pub attached: Option<bool>,
    /// Only cards with at least one attachment that fits this description.
    pub has_attached: Option<Box<Cards>>,
    /// Only cards with no attachment that fits this description ("Friends without
    /// Resources on them", CN184).
    pub without_attached: Option<Box<Cards>>,
    /// Only tokens (`Some(true)`) or only non-token cards (`Some(false)`) (521.2).
    pub token: Option<bool>,
    /// Only cards with the name this card named as it entered play (`Entry::Name`).
    pub named: bool,
    /// Only Unique cards (`Some(true)`, 516.3: the printed Unique trait) or only
    /// non-Unique ones (`Some(false)`).
    pub unique: Option<bool>,
    /// Only cards with the same name (201.1: Title and Subtitle) as the card `It` names.
    pub same_name_as_it: bool,
    /// Only Mane Characters on their Boosted side (`Some(true)`) or their Start side
    /// (`Some(false)`) (301.2).
    pub boosted: Option<bool>,
    /// Only cards without this trait ("non-Epic").
    pub without_trait: Option<String>,
    /// Only cards other than the one `It` names ("another Friend" than the one played).
    pub other_than_it: bool,
    /// Only cards other than those chosen to pay the cost of the ability being followed
    /// ("exhaust two of your characters to move another one", CG183).
    pub other_than_paid: bool,
    /// At least one of these traits ("a Critter or Foal Friend", AD70). Boxed so the
    /// description stays small.
    pub any_trait: Option<Box<Traits>>,
    /// Only cards whose printed power (none counts as 0) compares this way to the
    /// number ("printed power 3 or more": `(AtLeast, 3)`, AD91).
    pub printed_power: Option<(Cmp, i16)>,
    /// Only cards with this keyword now, printed or gained ("a Friend with Pumped");
    /// any number a keyword carries is not read (`Calming(0)` means any Calming).
    pub keyword: Option<Keyword>,
    /// Only cards with at least one card banished beneath them (410.5).
    pub has_beneath: bool,
    /// Only the card with power higher than every other card fitting the rest of the
    /// description (none on a tie; "the Friend with the highest power", CG99).
    pub most_power: bool,
    /// Only cards that share this with the card `It` names: a card type ("a card that
    /// shares a type with that card", AD198) or a colour.
    pub shares_with_it: Option<Aspect>,
    /// Only cards that differ in this from the card `It` names: another card type, or
    /// not the same colours ("a Friend of a different colour from that one", CSf1).
    pub differs_from_it: Option<Aspect>,
    /// Only the card `It` names ("that Friend", AD84).
    pub is_it: bool,
    /// Only this card, the ability's source ("on this card" as a host: CN80).
    pub is_this: bool,
    /// With place `Deck`: only among the bottom N cards of their draw deck ("the bottom 2
    /// cards of your deck", CN62).
    pub bottom: Option<u8>,
    /// Only the card with more attachments fitting this description than every other
    /// card fitting the rest of the description, `host` aside (the host is measured
    /// against the other cards like it), and at least one; none on a tie (AD121's host
    /// carrying strictly the most Resources of all Friends; AD131).
    pub most_attached: Option<Box<Cards>>,
}

/// What `Cards::shares_with_it` and `Cards::differs_from_it` compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Aspect {
    /// The card type (Friend, Resource, Event, …; 201.1).
    Type,
    /// The colours, modifiers included: two cards share a colour when one of them is of
    /// both, and differ unless they have exactly the same colours.
    Color,
}

/// A list of traits ("Critter or Foal", `Cards::any_trait`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Traits(pub Vec<String>);

/// Card types for selectors; `Character` covers Mane Characters and Friends (301.4, 302.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardKind {
    Character,
    Type(CardType),
}

/// What an effect acts on.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// 201.2: the card the text is on.
    This,
    /// The card the trigger is about (the one that moved, entered play, …).
    It,
    /// The host of this attachment (509).
    Host,
    /// One card the controller chooses (if any fit).
    Choose(Cards),
    /// Up to N cards that fit, chosen one at a time; the controller may stop ("done")
    /// at any point, choosing none at all.
    UpTo(Amount, Cards),
    /// Any number of the cards that fit, chosen one at a time until "done".
    AnyNumber(Cards),
    /// N cards that fit, chosen one at a time (all of them if fewer fit).
    Exactly(Amount, Cards),
    /// 523: one card that fits, chosen at random (uniformly among every card that fits).
    AtRandom(Cards),
    /// The cards the latest `Pick` of this effect chose.
    Picked,
    /// "The rest": the cards of this effect's group (those it revealed, or else those its
    /// first `Pick` chose among) that no `Pick` of it chose.
    Rest,
    /// Every card that fits.
    Each(Cards),
    /// The host of the card the trigger is about (the Friend a Resource was played on).
    ItsHost,
}

/// A number in a script: a constant, something read from the game, or arithmetic on
/// other amounts. Amounts are read as the instruction using them is followed (708.2b: a
/// modifier's amount once, as the modifier is made).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Amount {
    N(i16),
    /// How many cards fit.
    CountOf(Cards),
    /// The bonus (210.1) of the Problem at the area the trigger is about (501.5).
    BonusThere,
    /// A card's current power (507.1); none counts as 0.
    Power(CardRef),
    /// A card's printed power (none counts as 0).
    PrintedPower(CardRef),
    /// A card's printed cost (none counts as 0).
    Cost(CardRef),
    /// How many colours a card has (a colour-changing modifier counts).
    Colors(CardRef),
    /// How many counters of this name are on a card (519.2).
    Counters(CardRef, String),
    /// How many cards are beneath a card (banished beneath it, 410.5).
    Beneath(CardRef),
    /// How many colours there are among the cards that fit (a colour two of them share
    /// counts once).
    ColorsAmong(Cards),
    /// How many action tokens the named players have (together).
    Tokens(Who),
    /// How many points the named players have (together).
    Points(Who),
    /// The named players' home limits (616.3), together; a player without one counts as
    /// having no limit (the largest amount). "Friends at home in excess of your home
    /// limit" compares a count with it (CNf4).
    HomeLimit(Who),
    /// How many cards the named players have played this turn (705.2g; together), the
    /// one being played included once it is played.
    PlayedThisTurn(Who),
    /// How many of the cards the named players have played this turn (together) fit the
    /// description, each read as it is now (a description with no place reads the card
    /// wherever it is): "your first Crystal Friend each turn" compares the count of
    /// Crystal Friends you played with 1 (CG154).
    PlayedThisTurnOf(Who, Cards),
    /// How many cards the named players have drawn this turn (together).
    DrawnThisTurn(Who),
    /// The highest power among the cards that fit ("the character with the highest
    /// power"); 0 when none fits.
    MostPower(Cards),
    /// The lowest power among the cards that fit ("the least power among"); 0 when none
    /// fits.
    LeastPower(Cards),
    /// The amounts added together.
    Sum(Vec<Amount>),
    /// The first amount less the second.
    Difference(Box<Amount>, Box<Amount>),
    /// N times the amount ("for each": `Times(2, CountOf(..))` is 2 for each card that
    /// fits; doubling is `Times(2, ..)`).
    Times(i16, Box<Amount>),
    /// Half the amount, rounded the way the card says.
    Half(Box<Amount>, Round),
}

/// Which way half of an odd amount is rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Round {
    Up,
    Down,
}

/// The one card an amount reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardRef {
    /// 201.2: the card the text is on.
    This,
    /// The card `It` names (the trigger's card, or the one an earlier `Pick` or `Reveal`
    /// of the same effect named).
    It,
    /// The host of this attachment (509).
    Host,
    /// The top card of the controller's draw deck (none when it is empty).
    TopOfYourDeck,
}

/// How two amounts compare (`Condition::Compare`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cmp {
    AtLeast,
    AtMost,
    MoreThan,
    LessThan,
    EqualTo,
}

impl Cmp {
    /// Whether `a` compares to `b` this way.
    pub fn holds(self, a: i32, b: i32) -> bool {
        match self {
            Cmp::AtLeast => a >= b,
            Cmp::AtMost => a <= b,
            Cmp::MoreThan => a > b,
            Cmp::LessThan => a < b,
            Cmp::EqualTo => a == b,
        }
    }
}

/// How long a modifier lasts (708.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Duration {
    /// 616.4: "until the end of the turn" / "this turn".
    EndOfTurn,
    /// For as long as the faceoff lasts.
    ThisFaceoff,
    /// "Until the end of the phase": it ends as the next phase begins, after the
    /// end-of-phase window (601.2), or in the Wrap Up Step for the End Phase.
    EndOfPhase,
    /// Until the modifier's controller begins their next turn.
    StartOfYourNextTurn,
    /// "Permanently": for as long as the card stays the same object (it ends as the card
    /// leaves play or becomes a new object, 410.6).
    Permanently,
    /// "Until the end of the Score Phase": it ends as the End Phase begins (or, made
    /// during an End Phase, at the end of the next Score Phase).
    EndOfScorePhase,
    /// "While this card remains exhausted": it ends as the card that made it readies,
    /// becomes frightened or leaves play (any change making it a new object, 410.6).
    WhileThisExhausted,
    /// Until an event happens to a card: `on` names the event (a trigger's `Happening`),
    /// `card` the card it must happen to, `It` being the card the modifier is on and
    /// `This` the card the text is on ("until it is readied", "while this card is
    /// exhausted": until it is readied). It also ends once that card has become a new
    /// object (410.6), as it leaves play. Only for modifiers (`Until`).
    Until { on: Happening, card: CardRef },
}

/// Conditions ("if", "while").
// A description (`Cards`) is large; conditions are read rarely and built once per script.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// At least one card fits.
    Exists(Cards),
    /// No card fits.
    None(Cards),
    /// At least n cards fit.
    AtLeast(u8, Cards),
    /// This card is involved in the current faceoff.
    Involved,
    /// A faceoff (of the given kind) is taking place.
    InFaceoff(#[serde(default)] Option<FaceoffType>),
    /// This card is at a Problem.
    AtAProblem,
    /// It is the controller's turn.
    YourTurn,
    /// It is the named player's turn: "during their Main Phase" of "that player" is
    /// `All([Phase(Main), TurnOf(ThatPlayer)])` (CN19), true in no other player's turn
    /// with three or more players; `TurnOf(Opponent)` is any opponent's turn.
    TurnOf(Who),
    /// The confront the trigger is about used more power than required.
    ExcessPower,
    /// This card has scored at least n points this Score Phase.
    ScoredThisPhase(u16),
    All(Vec<Condition>),
    Any(Vec<Condition>),
    Not(Box<Condition>),
    /// It is the named phase (whoever's turn).
    Phase(PhaseName),
    /// The controller has at least n power of a colour in play (507.3).
    PowerOfColor(Color, u16),
    /// The named player has more power among their characters at this card's area than
    /// any opponent has there (`ItsController`: the controller of the card a prohibition
    /// is about).
    MostPowerHere(Who),
    /// The named player controls more cards that fit than each other player does ("the
    /// player with the most Unicorn characters here"); with a tie, nobody has the most.
    HasMost(Who, Cards),
    /// The current faceoff takes place at this card's area.
    FaceoffHere,
    /// This attachment's host is involved in the current faceoff.
    HostInvolved,
    /// The card the trigger is about fits the description (read wherever it is).
    ItFits(Cards),
    /// This card has not yet used its once-per-faceoff ability in the current faceoff
    /// (see `Effect::OncePerFaceoff`).
    FirstThisFaceoff,
    /// At one of the areas where the current faceoff takes place there are at least N
    /// cards in play that fit (the description's own place is not read).
    AtLeastAtOneFaceoffArea(u8, Cards),
    /// The player the trigger is about is one the description names (from the
    /// controller's view: `Opponent` is "when your opponent …").
    ThatPlayer(Who),
    /// Two amounts compare this way ("this card has at least 4 power", "you have more
    /// points than your opponent").
    Compare(Amount, Cmp, Box<Amount>),
    /// This card fits the description (read wherever it is: ready, exhausted, at home,
    /// at a Problem, its power …).
    This(Cards),
    /// The card `It` names was dismissed (410.1) and is still where that put it (a
    /// token: it ceased to exist by it, 521.3): "if you do" after "you may dismiss".
    /// A dismissal replaced by something else (710) is not one.
    ItDismissed,
    /// The player the trigger is about (a faceoff's winner) has at least this much more
    /// power than every other player in the current faceoff (514.6).
    WonByAtLeast(u16),
    /// As `WonByAtLeast`, by exactly this much.
    WonByExactly(u16),
    /// The current faceoff is a Troublemaker faceoff (608) one of the controller's
    /// opponents started by challenging.
    OpponentChallenging,
    /// The controller has characters involved in the current faceoff, and every one of
    /// them has the colour.
    InvolvedAllColor(Color),
    /// The card `It` names has the card type an earlier `Effect::ChooseCardType` of the
    /// same effect chose (false with none chosen).
    ItIsChosenType,
    /// The card `It` names has the name (201.1: title and subtitle) the latest
    /// `Effect::Name` named (false with none named): "if that card is the named card".
    ItIsNamed,
    /// The counter an earlier `Effect::ChooseCounter` (or a `RemoveCounterFrom` cost)
    /// of the same effect chose is of this name ("+1 power" for a +1 power counter);
    /// false with none chosen.
    ChosenCounterIs(String),
    /// This card has more power than every other card that fits ("higher than any
    /// other Friend here"); true when none fits.
    PowerAboveAll(Cards),
}

/// Which card a trigger watches.
// A description (`Cards`) is large; subjects are built once per script.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Subject {
    /// 201.2: this card.
    This,
    /// Any card that fits.
    Any(Cards),
}

/// A trigger condition (704.1), also the condition a Reaction answers (512.4b): what
/// happened (`on`), who did it (`by`), which card it happened to (`card`), where (`at`,
/// and for a card leaving an area, `from`), and whether only the first time counts.
/// Everything but `on` has a default that leaves it out, so a script names only what
/// the card says: `(on: Moved, by: You, card: This, at: AProblem)`. What the words
/// further require ("if you have a Troublemaker there", "by 5 or more") is the
/// ability's `if` condition.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trigger {
    pub on: Happening,
    #[serde(default)]
    pub by: Actor,
    #[serde(default)]
    pub card: TriggerCard,
    #[serde(default)]
    pub at: Spot,
    #[serde(default)]
    pub from: Spot,
    /// "The first time": only once for this card as one object (410.6), the first time
    /// the rest of the trigger and its condition are met.
    #[serde(default)]
    pub first: bool,
    /// With `first`: the first time each turn, counted afresh as each turn begins.
    #[serde(default)]
    pub each_turn: bool,
}

impl Trigger {
    /// A trigger on `on` with every other part left out.
    pub fn on(on: Happening) -> Trigger {
        Trigger {
            on,
            by: Actor::Anyone,
            card: TriggerCard::Anything,
            at: Spot::Anywhere,
            from: Spot::Anywhere,
            first: false,
            each_turn: false,
        }
    }

    pub fn by(self, by: Actor) -> Trigger {
        Trigger { by, ..self }
    }

    pub fn card(self, card: TriggerCard) -> Trigger {
        Trigger { card, ..self }
    }

    pub fn at(self, at: Spot) -> Trigger {
        Trigger { at, ..self }
    }

    pub fn from(self, from: Spot) -> Trigger {
        Trigger { from, ..self }
    }

    pub fn first(self) -> Trigger {
        Trigger {
            first: true,
            ..self
        }
    }

    /// Refuses a trigger naming a part its event doesn't have (who did it, a card, an
    /// area, an area left), which could never match.
    pub fn check(&self) -> Result<(), String> {
        let p = self.on.parts();
        let bad = if self.by != Actor::Anyone && !p.by {
            "who did it (`by`)"
        } else if self.card != TriggerCard::Anything && !p.card {
            "a card (`card`)"
        } else if self.at != Spot::Anywhere && !p.at {
            "an area (`at`)"
        } else if self.from != Spot::Anywhere && !p.from {
            "an area left (`from`)"
        } else if self.each_turn && !self.first {
            return Err("`each_turn` counts \"the first time\": it needs `first: true`".into());
        } else if matches!(self.on, Happening::HasPower(_)) && self.card != TriggerCard::This {
            return Err("a `HasPower` trigger is about this card only (`card: This`)".into());
        } else {
            return Ok(());
        };
        Err(format!(
            "a `{:?}` trigger names {bad}, which that event doesn't have",
            self.on
        ))
    }

    /// Checks every trigger of an ability, its Reaction timing's included, and the
    /// modifiers its instructions make.
    pub fn check_ability(a: &Ability) -> Result<(), String> {
        Self::check_modifiers(a)?;
        match a {
            Ability::Triggered { when, .. } => when.check(),
            Ability::Activated { timing, .. }
            | Ability::ActivatedByAny { timing, .. }
            | Ability::Play { timing, .. }
            | Ability::PlayTimed { timing, .. } => match timing {
                // 512.4c: a Reaction answers each event once; "the first time" is a
                // triggered ability's.
                Timing::Reaction { when, .. } if when.first => {
                    Err("a Reaction's trigger can't be `first`".into())
                }
                Timing::Reaction { when, .. } => when.check(),
                Timing::Phase(_) | Timing::AnyPhase | Timing::Faceoff(_) | Timing::Immediate => {
                    Ok(())
                }
            },
            Ability::Static {
                effect: StaticEffect::PlayAsFromHand,
                ..
            } => Err("`PlayAsFromHand` says nothing of a card in play: write it inside `From(Discard, ..)` or `From(Banished, ..)`".into()),
            Ability::Static {
                effect: StaticEffect::OnlyWhile { .. },
                ..
            } => Err("`OnlyWhile` is a modifier only (a static ability has its own `while`): write it inside `Until(target: .., effect: .., duration: ..)`".into()),
            Ability::Static {
                effect:
                    StaticEffect::LoseKeyword(_)
                    | StaticEffect::MeetConfront { .. }
                    | StaticEffect::ConfrontLess { .. }
                    | StaticEffect::GainType(_),
                ..
            } => Err("`LoseKeyword`, `MeetConfront`, `ConfrontLess` and `GainType` are modifiers only: write them inside `Until(target: .., effect: .., duration: ..)`".into()),
            Ability::Static {
                effect: StaticEffect::NoColorRequirement,
                ..
            } => Err("`NoColorRequirement` is a modifier only: write it inside `Until(target: .., effect: .., duration: ..)`".into()),
            Ability::Static {
                effect: StaticEffect::Replace { once: true, .. },
                ..
            } => Err("a replacement with `once: true` (\"the next time\") is a modifier only: write it inside `Until(target: .., effect: .., duration: ..)`".into()),
            Ability::Static { .. }
            | Ability::Attach(_)
            | Ability::AsEntersPlay(_)
            | Ability::PlayRequires(_) => Ok(()),
            Ability::PlayCost(change) if change.action == CostedAction::Play => Ok(()),
            Ability::PlayCost(change) => Err(format!(
                "`PlayCost` changes what playing this card costs: its action is `Play`, not {:?}",
                change.action
            )),
            Ability::From(zone, inner) => Trigger::check_from(*zone, inner),
        }
    }

    /// `OnlyWhile` in a modifier an instruction makes holds only a `Prohibit` (the one
    /// reader that honours its condition, `rules/prohibit.rs`).
    fn check_modifiers(a: &Ability) -> Result<(), String> {
        fn walk(effects: &[Effect], bad: &mut Option<String>) {
            for e in effects {
                // Checked once as the catalogue loads: copying the nested lists is cheap.
                let mut nested_lists: Vec<Vec<Effect>> = Vec::new();
                e.parts(
                    |nested| nested_lists.push(nested.clone()),
                    |made| {
                        if let StaticEffect::OnlyWhile { effect, .. } = made {
                            if !matches!(**effect, StaticEffect::Prohibit(_)) {
                                *bad = Some(format!(
                                    "`OnlyWhile` holds only a `Prohibit` for now, not {effect:?}"
                                ));
                            }
                        }
                    },
                );
                for n in &nested_lists {
                    walk(n, bad);
                }
            }
        }
        let effects: &[Effect] = match a {
            Ability::Triggered { effects, .. }
            | Ability::Activated { effects, .. }
            | Ability::Play { effects, .. }
            | Ability::ActivatedByAny { effects, .. }
            | Ability::PlayTimed { then: effects, .. } => effects,
            Ability::Static { .. }
            | Ability::Attach(_)
            | Ability::AsEntersPlay(_)
            | Ability::PlayRequires(_)
            | Ability::PlayCost(_)
            | Ability::From(..) => &[],
        };
        let mut bad = None;
        walk(effects, &mut bad);
        bad.map_or(Ok(()), Err)
    }

    /// An ability working out of play: only a static `PlayAsFromHand` from a discard
    /// pile or the banished zone is given effect there (from the hand it would say
    /// nothing), and from the hand a change of what playing the card itself costs or a
    /// replacement of its own discard.
    fn check_from(zone: OutOfPlay, inner: &Ability) -> Result<(), String> {
        match (zone, inner) {
            (
                OutOfPlay::Discard | OutOfPlay::Banished,
                Ability::Static {
                    effect: StaticEffect::PlayAsFromHand,
                    condition: _,
                },
            ) => Ok(()),
            // A change of what playing this very card costs, read while it is in its
            // owner's hand (`rules/costs.rs`, CG30).
            (
                OutOfPlay::Hand,
                Ability::Static {
                    effect: StaticEffect::Cost(change),
                    condition: _,
                },
            ) if change.action == CostedAction::Play => Ok(()),
            // A replacement of this very card's discard, read while it is in its
            // owner's hand (`rules/replace.rs`, CN25).
            (
                OutOfPlay::Hand,
                Ability::Static {
                    effect:
                        StaticEffect::Replace {
                            would: Would::BeDiscarded(Subject::This, _),
                            ..
                        },
                    condition: _,
                },
            ) => Ok(()),
            (OutOfPlay::Hand, _)
            | (_, Ability::Static { .. })
            | (_, Ability::Triggered { .. })
            | (_, Ability::Activated { .. })
            | (_, Ability::Attach(_))
            | (_, Ability::Play { .. })
            | (_, Ability::ActivatedByAny { .. })
            | (_, Ability::AsEntersPlay(_))
            | (_, Ability::PlayRequires(_))
            | (_, Ability::PlayCost(_))
            | (_, Ability::PlayTimed { .. })
            | (_, Ability::From(..)) => Err(format!(
                "only `Static(effect: PlayAsFromHand)` works from a discard pile or the banished zone, and only `Static(effect: Cost((action: Play, ..)))` or `Static(effect: Replace(would: BeDiscarded(This, ..), ..))` from the hand, not {inner:?} from {zone:?}"
            )),
        }
    }
}

/// The parts of an event a trigger may name (see [`Happening::parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub by: bool,
    pub card: bool,
    pub at: bool,
    pub from: bool,
}

impl Happening {
    /// Which parts an event of this kind has.
    pub fn parts(self) -> Parts {
        let p = |by, card, at, from| Parts { by, card, at, from };
        match self {
            Happening::Played => p(true, true, true, false),
            Happening::EntersPlay => p(true, true, true, false),
            Happening::Moved | Happening::MovedAway => p(true, true, true, true),
            Happening::LeavesArea
            | Happening::LeavesPlay
            | Happening::Dismissed
            | Happening::Retired
            | Happening::ToDiscardPile => p(false, true, true, true),
            Happening::Discards => p(true, true, false, false),
            Happening::Confronts => p(true, false, true, false),
            Happening::FaceoffBegins | Happening::WinsFaceoff | Happening::Defeats => {
                p(true, true, true, false)
            }
            Happening::Uncovered
            | Happening::Frightened
            | Happening::Unfrightened
            | Happening::TurnedFaceDown
            | Happening::Readied
            | Happening::Exhausted
            | Happening::TurnedOver
            | Happening::Solved => p(false, true, true, false),
            Happening::Challenges => p(true, true, true, false),
            Happening::Flips | Happening::ScoresWith => p(true, true, false, false),
            Happening::ScoresBonus => p(true, false, true, false),
            Happening::Draws
            | Happening::GainsTokens
            | Happening::PaysTokens
            | Happening::TurnStarts
            | Happening::TurnEnds
            | Happening::PhaseStarts(_)
            | Happening::PhaseEnds(_)
            | Happening::AnyPhaseStarts
            | Happening::TakesAction => p(true, false, false, false),
            Happening::HasPower(_) => p(false, true, false, false),
        }
    }
}

/// What happened, for a trigger. Each names who does it (`by`), the card it happens to
/// (`card`, `It`), its area (`at`, "there") and the player it is about ("that player",
/// the one who did it); see docs/scripts.md for the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Happening {
    /// 705.2g: a player plays a card (an Event as it is played); at: the area it was
    /// played to.
    Played,
    /// 706.1d: a card enters play; by: its controller; at: the area it entered.
    EntersPlay,
    /// 506: a player moves a card (with a Move action or an effect they control); at:
    /// where it went, from: where it was; "there" is where it went.
    Moved,
    /// The same move, about the area left: at and "there" are where it was.
    MovedAway,
    /// A card leaves the area it is at: moved, sent (506.5), or leaving play any way;
    /// at: the area it left.
    LeavesArea,
    /// A card leaves play, whichever way (dismissed, retired, banished, or put into a
    /// hand or a deck from play); at: the area it left.
    LeavesPlay,
    /// A card is dismissed (410.1); at: the area it left.
    Dismissed,
    /// A card is retired (410.1): it leaves play for its owner's discard pile (CN31, CN79).
    Retired,
    /// A card is put into a discard pile from anywhere: from play, discarded from a
    /// hand, from a flip zone, spent from beneath a card, or from the top of a deck;
    /// with `from: InPlay`, only from play. at: the area it left, if it was in play.
    ToDiscardPile,
    /// A player discards a card from their hand (a cost or an effect) — not a flipped
    /// card or a spent one put into the discard pile.
    Discards,
    /// 611: a player confronts a Problem; at: that Problem's area.
    Confronts,
    /// 514.3: a faceoff begins; by: the player who started it; card: the cards
    /// involved; at: where it takes place.
    FaceoffBegins,
    /// 514.6: a player wins a faceoff; card: the cards involved; at: where it takes
    /// place.
    WinsFaceoff,
    /// 514.6a: a player defeats a Troublemaker; card: that Troublemaker; at: its area.
    Defeats,
    /// 607.3: a Troublemaker is uncovered; at: its area.
    Uncovered,
    /// 504.1: a card becomes frightened; at: its area.
    Frightened,
    /// 503.3: a card is readied (in the Ready Phase or by an effect); at: its area.
    Readied,
    /// A Mane Character is turned over (301.2); read with the side now face up, so a
    /// Boosted side's `card: This` trigger is "when this side is turned face up" (CN190).
    TurnedOver,
    /// A card becomes exhausted (503.2), by a cost or an effect (CN136).
    Exhausted,
    /// 613.1: a Problem becomes solved, as the Solve Step starts and before it is
    /// replaced (613.2), so what is at its area is still there; card: that Problem; at:
    /// its area.
    Solved,
    /// 609.2e: a card becomes unfrightened (rallied, by an effect, or a non-Friend
    /// turned face-up, 511.4); at: its area.
    Unfrightened,
    /// 505.3: a face-up card in play is turned face-down (`Cover`); card: that card; at:
    /// its area. A card's own such trigger works as it turns face-down (CN164).
    TurnedFaceDown,
    /// 608: a player challenges a Troublemaker; card: that Troublemaker; at: its area.
    Challenges,
    /// 515.1: a player flips a card; card: the flipped card.
    Flips,
    /// A player draws a card.
    Draws,
    /// A player gains action tokens.
    GainsTokens,
    /// A player pays action tokens (a cost, 508.1d); with `Compare(Tokens(ThatPlayer),
    /// EqualTo, N(0))`, "pays their last action token" (AD132).
    PaysTokens,
    /// 517.2: a player scores points with a card; card: that card.
    ScoresWith,
    /// 514.6c: a player scores a Problem's bonus points for winning a Problem faceoff
    /// (some points: a bonus of 0 scores none); at: where the faceoff is.
    ScoresBonus,
    /// A turn starts; by: its player.
    TurnStarts,
    /// 615.1: a turn reaches its End of Turn Step; by: its player.
    TurnEnds,
    /// A phase starts; by: the turn player.
    PhaseStarts(PhaseName),
    /// A phase reaches its end-of-phase window (601.2); by: the turn player.
    PhaseEnds(PhaseName),
    /// Any phase starts, whichever it is ("after the start of any phase", AD104); by:
    /// the turn player.
    AnyPhaseStarts,
    /// 705.1: a player takes an action (plays a card, performs a Main Phase action,
    /// 609.2, or activates an ability), seen once it has been resolved (705.2h), after
    /// everything it did; by: that player ("after an opponent takes an action", CN19).
    TakesAction,
    /// "When this card has N power": a state of this card rather than an event, looked
    /// for as priority is about to be given (511), once per object (410.6). Only with
    /// `card: This`.
    HasPower(i16),
}

/// Who did what happened, from the trigger's controller's point of view ("you" is the
/// controller of the ability, 513.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Actor {
    #[default]
    Anyone,
    You,
    Opponent,
}

/// The card what happened happened to.
// A description (`Cards`) is large; trigger cards are built once per script.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TriggerCard {
    /// Any card, or none (a draw, a confront).
    #[default]
    Anything,
    /// 201.2: this card; for a faceoff, a faceoff involving this card (514.3).
    This,
    /// A card that fits (a card leaving play is read as it was in play, 701.3); for a
    /// faceoff, one involved that fits.
    Any(Cards),
}

/// Where what happened took place (`at`), or the area a card left (`from`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spot {
    /// Anywhere, or nowhere in particular.
    #[default]
    Anywhere,
    /// 501.4: this card's area (for a card at a Problem: its Problem).
    Here,
    /// At a home.
    Home,
    /// At a Problem.
    AProblem,
    /// At some area in play (home or a Problem): for `ToDiscardPile`, from play.
    InPlay,
}

/// Costs (508).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// Pay action tokens.
    Tokens(u16),
    /// Exhaust this card.
    ExhaustThis,
    /// Exhaust a card that fits.
    Exhaust(Cards),
    /// Retire this card.
    RetireThis,
    /// Discard cards from hand.
    Discard(u8),
    /// Dismiss this card.
    DismissThis,
    /// Put this card from play into its owner's hand.
    ReturnThisToHand,
    /// Banish this card (410.5; AD58).
    BanishThis,
    /// Dismiss a card that fits; when activating, the activating player chooses which.
    Dismiss(Cards),
    /// Retire a card that fits (410.1); when activating or playing, the player chooses
    /// which ("retire one of your Friends involved in the faceoff", CG97).
    Retire(Cards),
    /// Pay `amount` action tokens, one fewer for each card that fits (never below none).
    TokensLessPer { amount: u16, per: Cards },
    /// Remove this many counters of a name from this card (519.1).
    RemoveCounters { name: String, amount: u16 },
    /// Spend (glossary): put this many cards from beneath this card into their owners'
    /// discard piles, the ones put there first.
    Spend(u8),
    /// Discard a card from hand that fits; when activating, the player chooses which.
    DiscardA(Cards),
    /// Spend (glossary) one card from beneath a card that fits and has one; when
    /// activating, the player chooses which card it comes from, and from then on `It`
    /// names that card ("spend a card from beneath one of your Friends to give that
    /// Friend …").
    SpendFrom(Cards),
    /// Remove one counter, of any kind (519), from a card that fits and has one; when
    /// activating, the player chooses the card and, if it has several kinds, which
    /// kind (`Effect::ChooseCounter`), and from then on `It` names that card and the
    /// kind is the chosen one (CG136, CG142).
    RemoveCounterFrom(Cards),
    /// Pay as many action tokens as the amount, read as the cost is worked out (one per
    /// Party counter on this card, CG138); none when it is 0 or less.
    TokensOf(Amount),
}

/// Continuous effects of static abilities (702) and of effects with a duration.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StaticEffect {
    /// The selected cards get +N power (or this card when `cards` is `None`).
    Power {
        #[serde(default)]
        cards: Option<Cards>,
        amount: Amount,
    },
    /// The selected cards gain a colour.
    GainColor {
        #[serde(default)]
        cards: Option<Cards>,
        color: Color,
    },
    /// The selected cards gain a keyword.
    GainKeyword {
        #[serde(default)]
        cards: Option<Cards>,
        keyword: Keyword,
    },
    /// 705.2b, 609.2, 611.2: what an action costs a player changes (see [`CostChange`]).
    Cost(Box<CostChange>),
    /// Exhausted selected characters still contribute (Stubborn).
    ContributesWhileExhausted,
    /// "+N [colour]" for each listed colour: N more power and that colour (203.2), so
    /// "+1 [Loyalty] and +1 [Laughter]" is +2 power and both colours. The card still
    /// contributes its power as one colour when confronting (611.3b).
    ColoredPower {
        #[serde(default)]
        cards: Option<Cards>,
        colors: Vec<Color>,
        amount: i16,
    },
    /// 104.2: something can't happen; it wins over anything that would make it happen.
    /// The `while` condition reads `It` as the card that would be affected.
    Prohibit(Prohibition),
    /// 514.4a: the named player flips N more cards at the faceoff's first flip (not at
    /// the re-flips of a tie, 514.5c).
    /// A negative amount is fewer (never below none).
    FlipMore { who: Who, amount: i8 },
    /// 515.4: the named player ignores one of their flipped cards with the highest power
    /// among those not already ignored (515.4a), for as long as this applies.
    IgnoreHighestFlip { who: Who },
    /// 514.4a, 515.4: at the faceoff's first flip its controller may (`optional`) flip
    /// `amount` more cards (read as they flip), saying so before that flip reveals
    /// anything (`FaceoffStage::FlipChoice`); if they do, `then` is followed as this
    /// card's effect right after that flip, before the window opens, the cards they have
    /// flipped in this faceoff being those flipped at it (CG43).
    FlipMoreThen {
        amount: Amount,
        optional: bool,
        then: Vec<Effect>,
    },
    /// 514.5a: a modifier to a player's power total. With `who: Each` the ability's
    /// condition is read once for each player as "you" ("players who …").
    FaceoffTotal { who: Who, amount: Amount },
    /// 710, 514.7: a flipped card of the named players (that fits `cards`, if given) that
    /// would go to the bottom of its owner's deck goes elsewhere instead; `optional` is a
    /// "may", `once_per_faceoff` limits the modifier to one card each faceoff.
    FlippedInstead {
        #[serde(default)]
        cards: Option<Cards>,
        whose: Who,
        to: FlipDestination,
        #[serde(default)]
        optional: bool,
        #[serde(default)]
        once_per_faceoff: bool,
        /// Paid by this card's controller as the card goes elsewhere; offered only
        /// while they can pay.
        #[serde(default)]
        cost: Vec<Cost>,
    },
    /// The selected cards (this card when `None`) have the trait too.
    GainTrait {
        #[serde(default)]
        cards: Option<Cards>,
        trait_: String,
    },
    /// 710.1: a replacement modifier: when what `would` names is about to happen,
    /// `instead` happens in its place; `optional` is a "may" for this card's controller
    /// (712.3). Asked and applied by `rules/replace.rs` (710.3-710.5b).
    Replace {
        would: Would,
        instead: Instead,
        #[serde(default)]
        optional: bool,
        /// Paid by this card's controller as the replacement is applied; it applies
        /// only while they can pay (710 with 508.1d: "you may pay …; if you do, …").
        #[serde(default)]
        cost: Vec<Cost>,
        /// Instructions followed in the occurrence's place too (after `instead`,
        /// usually `Nothing`), as an effect of this card with "you" the player who
        /// answers the "may" (CG177: a Resource into hand instead of a draw).
        #[serde(default)]
        then: Vec<Effect>,
        /// Whose "may" it is and who follows `then`: `ThatPlayer` is the player the
        /// occurrence is about; this card's controller when left out.
        #[serde(default)]
        chooser: Option<Who>,
        /// "The next time": the modifier is used up once it has replaced an occurrence
        /// (only for one given by an effect for a while, `Effect::Until`).
        #[serde(default)]
        once: bool,
    },
    /// The selected cards (this card when `None`) lose their abilities, keywords
    /// included, and can't have any (gained ones too) while this applies. The
    /// description and the ability's condition may not read power, colours, traits or
    /// keywords (see `rules/ability_loss.rs`).
    LoseAbilities {
        #[serde(default)]
        cards: Option<Cards>,
    },
    /// The selected cards (this card when `None`) lose their colours and can't have any
    /// (203, 711): applied after every colour they gain, whatever its timestamp, so they
    /// are colourless while this applies. The description and the ability's condition
    /// may not read power (see `rules/ability_loss.rs`): Supportive reads colours.
    LoseColors {
        #[serde(default)]
        cards: Option<Cards>,
    },
    /// The selected cards (this card when `None`) gain the colour an earlier
    /// `Effect::ChooseColor` of the same effect chose; only in a modifier with a
    /// duration (`Effect::Until`), which is made with that colour.
    GainChosenColor {
        #[serde(default)]
        cards: Option<Cards>,
    },
    /// 706.1b: cards that fit enter play in a state this says ("opposing Friends enter
    /// play exhausted"), applied as each enters, before its triggers look at it.
    OthersEnter { cards: Cards, does: OnEntry },
    /// 616.3: the controller's Friends that fit don't count towards their home limit.
    OutsideHomeLimit(Cards),
    /// The controller plays with the top card of their draw deck revealed: every player
    /// may see which card it is, whichever card is on top.
    RevealTopOfDeck,
    /// Every player may look at the face-down cards that fit (505.1d: information only;
    /// CG176: the face-down Troublemakers at its Problem).
    MayLookAt(Cards),
    /// Troublemakers don't keep players from confronting the Problem at this card's area
    /// (611.3e does not apply there; AD186).
    TroublemakersDontBlock,
    /// 210.1: the Problem at this card's area has this many bonus points, whatever its
    /// printed bonus.
    ProblemBonus(u16),
    /// The modifier's controller (the card's owner, for `Ability::From`) may play the
    /// card (the modifier's target, or this card) as though it were in their hand,
    /// wherever it is out of play; the modifier lapses as it changes zones (410.6).
    PlayAsFromHand,
    /// The card the modifier is on has no colour requirement (205.1, 705.2b): whoever
    /// plays it needs no power of any colour; requirements its text adds
    /// (`PlayRequires`) still apply. Lapses as the card changes zones (410.6): "while
    /// that card stays banished" (AD206). A modifier only.
    NoColorRequirement,
    /// The selected cards (this card when `None`) also have every colour of each card
    /// that fits `of` (read in the 711 order, so colours given by modifiers count).
    GainColorsOf {
        #[serde(default)]
        cards: Option<Cards>,
        of: Cards,
    },
    /// A named Rust hook (`rules/hooks.rs`) for a card too odd for the language.
    Hook(Hook),
    /// 616.3: the named players' home limit is `amount` higher (lower when negative),
    /// never below none; read at the End of Turn Step's retiring.
    HomeLimit {
        who: Who,
        amount: i16,
        /// `amount` for each card that fits, read with each named player as "you" ("-1
        /// for each character that player controls here", AD183).
        #[serde(default)]
        per: Option<Cards>,
    },
    /// The card the modifier is on doesn't have the keyword, printed or gained. Only as
    /// a modifier (`Until`): the loader refuses it as a static ability (CG103: "loses
    /// Teamwork until it is readied").
    LoseKeyword(Keyword),
    /// The named players meet the confront requirements (611.3) of the Problem the
    /// modifier is on while the condition holds (read with that Problem as "this card",
    /// so `Here` is its area, and the confronting player as "you"); confronting is
    /// still blocked by Troublemakers (611.3e) and prohibitions. Only as a modifier on a
    /// Problem (`Until`; CG141).
    MeetConfront {
        who: Who,
        #[serde(default, rename = "if")]
        condition: Option<Condition>,
    },
    /// The named players need that much less power to meet the confront requirements
    /// (611.3) of the Problem the modifier is on: a total taken from whichever parts of
    /// their requirement they need, coloured lines or wild power, never below none
    /// (611.3d; CG204, see `docs/scripts.md`). Only as a modifier on a Problem (`Until`).
    ConfrontLess { who: Who, power: u16 },
    /// The card the modifier is on has that card type too, besides its own (a Resource
    /// that is also a Friend for a while is a character, 302.2: AD126). Only as a
    /// modifier (`Until`), so whether a card has a type never depends on another card's
    /// abilities.
    GainType(CardType),
    /// 513.2: this card's controller controls the cards that fit, for as long as the
    /// ability applies to them (CG140 taking its host: `Control((host: true))`).
    /// Applied by pre-priority processing (`rules/control.rs`); when it stops
    /// applying, each card goes back as any ended control change does.
    Control(Cards),
    /// A modifier that holds only while the condition does (read as the card the
    /// modifier is on, its controller being the effect's): it lasts for its duration
    /// all the same, doing nothing while the condition is false ("while this card
    /// remains in play, that character doesn't ready during the Ready Phase": AD195,
    /// around a `Prohibit`). Only as a modifier (`Until`), and for now only around
    /// `Prohibit` (the loader refuses the rest); a static ability has its own `while`.
    OnlyWhile {
        cond: Condition,
        effect: Box<StaticEffect>,
    },
}

/// The named Rust hooks (`rules/hooks.rs`): each a tested function, rendered in words
/// and listed in docs/scripts.md. Kept rare: a card gets one only when no general form
/// of the language fits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hook {
    /// The player with the most Unicorn characters at this card's area (more than any
    /// other player) may draw each card from the bottom of their deck (CG179).
    DrawFromBottom,
}

/// A change to the cost of an action (705.2b), the Main Phase actions' token costs
/// (609.2) or what confronting a Problem needs (611.2). A player's cost is worked out
/// from the base cost by applying the opposing changes first, then the player's own,
/// never below none (and a move never below 1, 609.2b).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostChange {
    /// Which action's cost changes.
    pub action: CostedAction,
    /// Who pays the changed cost, from this card's controller's point of view.
    pub payer: Who,
    /// Only when the card the action is about (the card played or moved) fits; any card
    /// when `None`. A card being played is read in its hand.
    #[serde(default)]
    pub cards: Option<Cards>,
    /// Where the action must take place.
    #[serde(default)]
    pub at: CostPlace,
    /// Playing only: only attachments played on a host that fits.
    #[serde(default)]
    pub on: Option<Cards>,
    /// Action tokens more (fewer when negative); for `Confront`, wild power needed.
    pub amount: i16,
    /// `amount` for each: the change is `amount` times this, read as the cost is worked
    /// out with the paying player as "that player" ("+1 for each Tip counter on this
    /// card", AD147; "+1 for each of their opponent's Friends here", RR7).
    #[serde(default)]
    pub times: Option<Amount>,
    /// Read from the point of view of the paying player's opponent ("while a player
    /// has …, that player's opponent pays more"); the ability's own `while` is read from
    /// its controller's.
    #[serde(default)]
    pub against: Option<Condition>,
    /// "To a minimum of N": the change can't bring the cost below N (a cost already below
    /// N before the paying player's own changes stays as it is).
    #[serde(default)]
    pub minimum: Option<i16>,
}

/// The actions a [`CostChange`] may change the cost of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CostedAction {
    /// 609.2a, 705.2b: playing a Friend, Resource or Event (a Troublemaker's cost is
    /// fixed, 609.2c). An attachment counts as played to its host's area.
    Play,
    /// 609.2b: moving a character to an area (`Here`: to this card's area).
    MoveTo,
    /// 609.2b: moving a character away from an area (`Here`: from this card's area).
    MoveAway,
    /// 609.2d: the Main Phase draw action.
    Draw,
    /// 609.2e: rallying (unfrightening) a card.
    Rally,
    /// 611.2: confronting a Problem; the amount is wild power needed, not tokens.
    Confront,
    /// 608: challenging a Troublemaker (nothing without a change; the card is the
    /// Troublemaker, `Here` its area): "can't challenge it unless they pay [2]" (AD136).
    Challenge,
}

/// Where the action of a [`CostChange`] must take place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CostPlace {
    /// At this card's area (the area played to, moved to or from, or confronted at).
    #[default]
    Here,
    /// Wherever the action takes place (the draw action is always read so).
    Anywhere,
    /// At a Problem, whichever (not at a home): played to any Problem (CG30).
    AProblem,
}

/// The state a card enters play in, set by another card (706.1b).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OnEntry {
    /// It enters play exhausted.
    Exhausted,
    /// It enters play with a modifier that lasts for a while.
    Modifier {
        effect: Box<StaticEffect>,
        duration: Duration,
    },
}

/// What a replacement does instead of the occurrence it replaces (710.1). "The card" is
/// the card the replaced occurrence was about (`It`); what replaces an occurrence about a
/// player and no card can only be `Nothing` or about this card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Instead {
    /// The card goes on top of its owner's deck.
    ToDeckTop,
    /// The card goes on the bottom of its owner's deck.
    ToDeckBottom,
    /// The card becomes frightened (504).
    Frighten,
    /// This card (the modifier's own) is retired by its controller (410.2).
    RetireThis,
    /// This card (the modifier's own) is exhausted (503.2).
    ExhaustThis,
    /// This card (the modifier's own, a Mane Character) is turned over (301.2).
    TurnOverThis,
    /// The card goes into its owner's hand.
    ToHand,
    /// The card is banished (410.5).
    Banish,
    /// The card is exhausted (503.2).
    Exhaust,
    /// The card is sent to its controller's home (506.5).
    SendHome,
    /// The card is dismissed (410.1).
    Dismiss,
    /// The card is retired (410.2) by its controller.
    Retire,
    /// Nothing happens in its place ("prevent").
    Nothing,
    /// Points to be scored (517) are scored by this card's controller instead, for the
    /// same reason (AD76).
    YouScore,
    /// Points to be scored (517) are that many fewer, never below 0 (AD179).
    ScoreFewer(u16),
}

/// What points are scored for at this card's area (517.1): confronting its Problem
/// (611), its Problem's bonus (514.6c) or defeating a Troublemaker there (514.6a, or by
/// an effect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScoreReason {
    Confront,
    Bonus,
    Defeat,
}

/// The occurrence a replacement modifier watches for (710.1). Players are named from
/// the controller's view; `It` is the card concerned and "that player" the player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Would {
    /// A card that fits would leave play, whichever way (dismissed, retired, banished,
    /// returned to a hand or put on a deck).
    LeavePlay(Subject),
    /// A card that fits would be dismissed (410.1; the game's dismissals only as 104.3
    /// and 104.4 allow).
    BeDismissed(Subject),
    /// A named player would confront the Problem this card is at (611).
    Confront(Who),
    /// A card that fits would become frightened (504.1).
    BeFrightened(Subject),
    /// A card that fits would be sent home (506.5), by an effect, by a faceoff's loser or
    /// as its Problem is solved (613.2 makes only the dismissals "by the game", 104.3).
    BeSentHome(Subject),
    /// A card that fits would be moved (506).
    BeMoved(Subject),
    /// The loser of a Troublemaker faceoff would send a card that fits home (514.6b);
    /// "that player" is the loser.
    LoserSendsHome(Subject),
    /// The game would send a card that fits home from a solved Problem (613.2).
    SolvedSendsHome(Subject),
    /// A card that fits would ready (503.3), in the Ready Phase or by an effect.
    BeReadied(Subject),
    /// A named player would draw a card (410.4).
    Draw(Who),
    /// A named player would score points (517).
    Score(Who),
    /// A named player would score points for a reason at this card's area (517.1).
    ScoreHere(Who, ScoreReason),
    /// A named player would flip a card from their deck in a faceoff (514.4), at a
    /// faceoff's flip or by an effect; "that player" is the flipping player.
    Flip(Who),
    /// A card that fits would be put into a discard pile, from anywhere (dismissed,
    /// retired, discarded from a hand, or put there from a flip zone).
    ToDiscardPile(Subject),
    /// A card that fits would be discarded from a hand by the named players: the player
    /// whose effect or cost makes the discard (`Opponent`: "if an opponent would force
    /// you to discard this card", CN25; `Each`: whoever). A discard the game makes (the
    /// Wrap Up Step's, 616.2) is nobody's.
    BeDiscarded(Subject, Who),
}

/// What a prohibition forbids (104.2). Players are named from the controller's view.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Prohibition {
    /// Cards that fit (this card when `None`) can't be moved (506; sending is not moving,
    /// 506.5) by the named players, by a Move action or by effects they control.
    Move {
        #[serde(default)]
        cards: Option<Cards>,
        by: Who,
    },
    /// Cards that fit at this card's area can't be moved away from it (by anyone).
    MoveAway(Cards),
    /// Cards that fit can't be moved (506) to this card's area by the named players: the
    /// destination side of a move ("can't be moved here"). Sending (506.5) is not moving.
    MoveHere { cards: Cards, by: Who },
    /// Cards that fit can't be played to this card's area by the named players; with
    /// `on`, only attachments played on a host that fits (509.1: "on this Problem or on
    /// Friends here", CG181, leaves Manes and Troublemakers there as hosts).
    PlayHere {
        cards: Cards,
        by: Who,
        #[serde(default)]
        on: Option<Box<Cards>>,
    },
    /// This card (`None`, CN38) or cards that fit can't be dismissed (the game still
    /// dismisses them, 104.3).
    BeDismissed(Option<Cards>),
    /// The named players can't confront this card's Problem unless they have at least
    /// `unless_characters` characters there; left out (0), with no exception (CG129).
    Confront {
        by: Who,
        #[serde(default)]
        unless_characters: u8,
    },
    /// Cards that fit can't be played by the named players, anywhere (read in hand).
    Play { cards: Cards, by: Who },
    /// Cards that fit (this card when `None`) can't become frightened (504.1).
    BeFrightened(Option<Cards>),
    /// Cards that fit (this card when `None`) can't be uncovered (607.3): the Uncover
    /// Step passes them over, and effects can't uncover them.
    BeUncovered(Option<Cards>),
    /// Cards that fit (this card when `None`) can't be readied (503.3), in the Ready
    /// Phase or by effects.
    BeReadied(Option<Cards>),
    /// Cards that fit (this card when `None`) can't be exhausted (503.2), by a cost or
    /// an effect.
    BeExhausted(Option<Cards>),
    /// Cards that fit (this card when `None`) can't be unfrightened (504.3): the rally
    /// action isn't offered for them, and effects and the game leave them frightened.
    BeUnfrightened(Option<Cards>),
    /// The named players can't score points (517).
    Score(Who),
    /// The named players can't draw cards (410.4): the draw action isn't offered, and
    /// effects and the Ready Phase draw nothing for them.
    Draw(Who),
    /// The named players can't search their decks (518).
    Search(Who),
    /// The named players can't do `what` more than `most` times each turn (104.2): score
    /// more than `most` points (a score that would go over is cut to what is left, AD75),
    /// confront more than `most` Problems (AD77), draw more than `most` cards (AD79), or
    /// play more than `most` cards of any one card type (CG4).
    PerTurn { what: Tally, most: u16, by: Who },
    /// The named players can't do `what` to cards that fit (this card when `None`), by
    /// their effects or by paying costs: CG25 bars its controller's opponents (`by:
    /// Opponent`), AD-1 bars each player from the Friends they control (`by:
    /// ItsController`).
    /// What the game itself does is not theirs (104.3).
    By {
        what: Deed,
        #[serde(default)]
        cards: Option<Cards>,
        by: Who,
    },
    /// The named players can't challenge Troublemakers that fit (this card when `None`)
    /// (608). The `while` condition reads "that player" as the challenger.
    Challenge {
        #[serde(default)]
        troublemakers: Option<Cards>,
        by: Who,
    },
    /// Characters that fit don't contribute their power to confronting (611.3) or to
    /// faceoffs (514.5), wherever they are.
    Contribute(Cards),
    /// Characters that fit don't contribute their power to confronting this card's
    /// Problem (611.3); faceoffs and other Problems are not concerned (AD168).
    ContributeHere(Cards),
    /// No more than that many of each player's characters contribute their power to
    /// confronting this card's Problem (611.3a), the player choosing which as they
    /// confront it or as their meeting it is asked (611.4), when the choice changes
    /// anything (AD181). Read by `rules/confront.rs`.
    ContributeHereMost(u8),
    /// 514.3c-d: cards that fit (other than this card) can't be involved in a faceoff
    /// this card is involved in; the `while` condition may not read involvement. Read
    /// by `rules/faceoff.rs`.
    InvolvedWithThis(Cards),
}

/// What a player may be kept from doing to a card ([`Prohibition::By`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Deed {
    /// Dismissing it (410.1).
    Dismiss,
    /// Exhausting it (503.2).
    Exhaust,
    /// Putting it into its owner's hand from play.
    ReturnToHand,
}

/// What a per-turn limit ([`Prohibition::PerTurn`]) counts, for each player, since
/// their turn began.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tally {
    /// Points scored (517).
    Points,
    /// Problems confronted (611).
    Confronts,
    /// Cards drawn (410.4).
    Draws,
    /// Cards played (705.2g), counted apart for each card type.
    PlaysOfEachType,
}

/// Where a flipped card goes instead of its owner's deck bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FlipDestination {
    Hand,
    Discard,
    /// Banished beneath the card with the replacement (410.5), linked to it (Pumped).
    BeneathThis,
    /// Put into play at the area the card with the replacement was at as it applied,
    /// under the flipped card's owner's control (CN84).
    IntoPlayHere,
}

/// One-shot instructions (709) and modifiers with durations.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    Draw {
        who: Who,
        amount: Amount,
    },
    /// Draw from the bottom of the deck rather than the top (410.4; CG26, CG111); each
    /// card drawn is a draw as any other.
    DrawFromBottom {
        who: Who,
        amount: Amount,
    },
    /// Discard cards from hand; chosen by the discarding player or at random.
    Discard {
        who: Who,
        amount: Amount,
        #[serde(default)]
        random: bool,
    },
    /// Each named player discards every card in their hand, however many.
    DiscardHand(Who),
    GainTokens {
        who: Who,
        amount: Amount,
    },
    Score {
        who: Who,
        amount: Amount,
    },
    /// A continuous modifier for a while (705.2f: one modifier per duration).
    Until {
        target: Target,
        effect: StaticEffect,
        duration: Duration,
    },
    Exhaust(Target),
    Ready(Target),
    Frighten(Target),
    /// 609.2e without the Rally action: a frightened card turns face-up (paying nothing).
    Unfrighten(Target),
    Dismiss(Target),
    Retire(Target),
    Banish(Target),
    /// Put into its owner's hand from play or from a discard pile.
    ReturnToHand(Target),
    /// Put on top of its owner's deck, from play, hand or discard pile.
    ToDeckTop(Target),
    /// Move (506) to an area.
    Move {
        target: Target,
        to: AreaRef,
    },
    /// Send (506.5) to an area.
    Send {
        target: Target,
        to: AreaRef,
    },
    /// 519.4: +1 power counters.
    Counters {
        target: Target,
        amount: Amount,
    },
    /// 301.2: turn a Mane Character over.
    TurnOver(Target),
    /// 518: search the deck for a card that fits, put it in hand; shuffle.
    Search(Cards),
    /// 518 with any target count: search the controller's deck for the target cards
    /// (described with place `Deck`), put those found into their hand, then shuffle.
    /// The player may find fewer than asked (518.1).
    SearchFor(Target),
    /// Flip extra cards in this faceoff.
    FlipExtra(u8),
    /// Follow `then` if the condition holds now, `else` otherwise.
    If {
        cond: Condition,
        then: Vec<Effect>,
        #[serde(default, rename = "else")]
        otherwise: Vec<Effect>,
    },
    /// 515.4: ignore flipped cards (515.4a: a card already ignored stays so).
    Ignore(Target),
    /// 515.1: the named players flip cards, if a faceoff is going on.
    Flip {
        who: Who,
        amount: u8,
    },
    /// Once per faceoff: stop here if this card has already done this in the current
    /// faceoff; otherwise remember that it has.
    OncePerFaceoff,
    /// The named players lose action tokens (as many as they have, up to the amount).
    LoseTokens {
        who: Who,
        amount: Amount,
    },
    /// 607.3: uncover face-down Troublemakers.
    Uncover(Target),
    /// The controller looks at face-down cards; the other players don't see them.
    Peek(Target),
    /// Turn face-up Troublemakers face-down again (they can be uncovered again, 607.3).
    Cover(Target),
    /// Another player does these instructions (each named player in turn order, 801.1):
    /// they make the choices, answer the "may" when `may`, and the instructions are read
    /// from their point of view ("you"/"their" is that player).
    By {
        who: Who,
        #[serde(default)]
        may: bool,
        /// What each named player pays before following the instructions ("that player
        /// may pay [2] to …"): with `may`, asked as their "may"; without it, they follow
        /// them only if they can pay.
        #[serde(default)]
        cost: Vec<Cost>,
        effects: Vec<Effect>,
        /// 801.1: every named player makes their decisions (the "may" with its cost, then
        /// the `Pick`s leading the instructions) in turn order before any instruction is
        /// carried out; then those who said yes follow the rest of theirs, in the same
        /// order, and the cards all of them picked are `Picked` for the instructions
        /// after this one (AD94).
        #[serde(default)]
        decide_first: bool,
        /// "Each player with …": only the named players for whom this holds, read with
        /// that player as "you" as the instruction begins (with `decide_first`, before
        /// anyone decides).
        #[serde(default, rename = "if")]
        only: Option<Condition>,
    },
    /// Put the top cards of a deck into its owner's discard pile.
    Mill {
        who: Who,
        amount: Amount,
    },
    /// Look at (or reveal) the top cards of a deck; optionally take one that fits into
    /// the controller's hand; put the rest back where `back` says, in an order the
    /// controller picks one card at a time.
    LookAt {
        deck: DeckRef,
        count: Amount,
        /// Revealed cards are shown to every player, not only the one looking.
        #[serde(default)]
        reveal: bool,
        /// "You may put one revealed [card] into your hand".
        #[serde(default)]
        take: Option<Cards>,
        back: PutBack,
    },
    /// The Inspired keyword's look (glossary): once a turn, the top cards of an opponent's
    /// deck, one per Inspired card the controller has, each back on top or bottom.
    Inspired,
    /// The Studious keyword's token (glossary): an action token, unless the controller
    /// has already gained one from a Studious card in the current faceoff.
    Studious,
    /// "The next card that fits you play this turn costs N less": used up by the next
    /// card played that fits, whether or not it had a cost to reduce.
    Discount {
        cards: Cards,
        /// Less (more when negative: "must pay +[2] to play the next card", AD154).
        amount: i16,
        /// It lapses as the current faceoff ends rather than with the turn ("until the
        /// end of the faceoff", AD48).
        #[serde(default)]
        faceoff: bool,
    },
    /// Play a Troublemaker from the controller's hand to a Problem they choose, face-down
    /// and without paying for it (508.1e).
    PlayTroublemakerFree,
    /// The controller may pay `cost`; if they don't (or can't), `otherwise` is followed
    /// as a new effect once this one is done ("pay [2] or dismiss it"); if they pay,
    /// `then` is followed that way instead ("if you do, …", CN164).
    PayOr {
        cost: Vec<Cost>,
        otherwise: Vec<Effect>,
        #[serde(default)]
        then: Vec<Effect>,
    },
    /// The named players gain action tokens that are gone when the current phase ends
    /// (tokens spent or lost are taken from these first).
    GainTokensForPhase {
        who: Who,
        amount: Amount,
    },
    /// 509: the controller chooses another card that fits `to` (and the attachment's own
    /// host description) and attaches `It`, an attachment in play, to it instead.
    Reattach {
        to: Cards,
    },
    /// 508.1e: play cards from a discard pile without paying their cost, if their
    /// play requirement (205.1) is met: a Friend to its new controller's home, a Resource
    /// on a host the controller chooses (or home), optionally frightened.
    PlayFree {
        target: Target,
        #[serde(default)]
        frightened: bool,
        /// An attachment goes only on a host that also fits this ("on this card": CN80).
        #[serde(default)]
        on: Option<Cards>,
    },
    /// 518: search the deck for a card that fits and play it for free as `PlayFree`
    /// does; shuffle.
    SearchAndPlay {
        cards: Cards,
        #[serde(default)]
        frightened: bool,
    },
    /// Banish cards and remember them for this card's `ReturnLinked`.
    BanishLinked(Target),
    /// 410.5: banish cards beneath this card (in play), linked to it while both stay
    /// where they are (place `BeneathThis` finds them).
    BanishBeneath(Target),
    /// 410.5: banish cards beneath the card `It` names, if it is in play, linked to it
    /// (place `BeneathIt` finds them).
    BanishBeneathIt(Target),
    /// Spend (glossary): put banished cards (beneath a card) into their owners' discard
    /// piles.
    SpendCards(Target),
    /// Reveal cards (from a hand, say) to every player: their owners show them; they
    /// stay where they are. A card set aside face-down (`SetAside`) is known to every
    /// player from then on.
    Show(Target),
    /// Set the target cards aside face-down (AD114): each leaves its zone for the set
    /// aside state (`Zone::SetAside`), known only to this effect's controller until
    /// revealed (`Show`); `It` still names it. Cards taken from a draw deck were found
    /// by searching it (518.1; nothing happens under `Prohibit(Search(..))`), so each
    /// such deck is shuffled by its owner afterwards (518.2).
    SetAside(Target),
    /// The named player names a card (201.1), of the kind when given, among the names of
    /// the cards they own and of those every player can see (the choice shows nothing
    /// hidden); the later `ItIsNamed` conditions read it (AD114: "that opponent names a
    /// card").
    Name {
        who: Who,
        #[serde(default)]
        kind: Option<CardKind>,
    },
    /// 410.3: the target cards in a hand are discarded by their owners ("they discard
    /// that card").
    DiscardCards(Target),
    /// As `Pick`, but the named player makes the choice (the description is still read
    /// from the controller's view): "your opponent chooses a card in their hand".
    PickBy {
        who: Who,
        target: Target,
    },
    /// The controller chooses a card type; later conditions `ItIsChosenType` of this
    /// effect test `It` against it.
    ChooseCardType,
    /// Put the cards this card banished with `BanishLinked` (still banished) into play
    /// at a Problem the controller chooses, face-down, then uncover them (607.3); the
    /// link ends either way.
    ReturnLinked,
    /// Choose (or take) a card; from this instruction on, `It` names it (none if none
    /// fits), so later instructions can act on the chosen card and test it.
    Pick(Target),
    /// Move (506) to a Problem the controller chooses among those where a card that fits
    /// is (the description's own place is not read) and, with `if`, where the condition
    /// holds, read with that Problem's area as `There` ("a Problem with no more
    /// characters than this card's": CN0).
    MoveToProblemWith {
        target: Target,
        with: Cards,
        #[serde(default, rename = "if")]
        condition: Option<Condition>,
    },
    /// 519.1: put counters of a name on cards in play.
    PutCounters {
        target: Target,
        name: String,
        amount: Amount,
    },
    /// Remove counters of a name from cards (all of them when `amount` is `None`).
    RemoveCounters {
        target: Target,
        name: String,
        #[serde(default)]
        amount: Option<Amount>,
    },
    /// 519: the controller chooses a counter of any kind (a named one or a +1 power
    /// counter) on a card in play that fits: first the card, then, if it has several
    /// kinds, the kind. From then on `It` names that card, and the later
    /// `PutChosenCounters`, `RemoveChosenCounters` and `ChosenCounterIs` of this effect
    /// read that kind (CG101).
    ChooseCounter(Cards),
    /// Put counters of the kind an earlier `ChooseCounter` chose on cards in play
    /// (nothing when none was chosen).
    PutChosenCounters {
        target: Target,
        amount: Amount,
    },
    /// Remove up to `amount` counters of the kind an earlier `ChooseCounter` chose.
    RemoveChosenCounters {
        target: Target,
        amount: Amount,
    },
    /// 513.2: the controller gains control of the cards in play (ones another player
    /// controls) until `duration` ends; `Permanently` for as long as each stays in play.
    GainControl {
        target: Target,
        duration: Duration,
    },
    /// 513.7: the controller picks one card of `yours` and one of `theirs`, and their
    /// controllers exchange control of them until `duration` ends: both changes happen
    /// together, or neither does if either can't.
    ExchangeControl {
        yours: Target,
        theirs: Target,
        duration: Duration,
        /// Who chooses the card of `theirs` (the controller when left out): AD116,
        /// where the opponent picks their own half, is `Some(Opponent)`.
        #[serde(default)]
        chooser: Option<Who>,
    },
    /// 521.1: put `count` tokens into play, owned and controlled by the controller
    /// (521.5), at their home unless `at` says `Here` or `There`.
    MakeToken {
        token: TokenSpec,
        #[serde(default = "one")]
        count: u8,
        #[serde(default)]
        at: Option<AreaRef>,
    },
    /// 520.2: a token copy of each target card, placed by its type: the same as
    /// `PutTokenCopy` without `at` (a Friend at the controller's home).
    TokenCopy(Target),
    /// 520.1: the named player may pay `cost`; if they do, the instructions of this
    /// effect before this one are processed again as a new effect controlled by them
    /// (their own choices; "you" is that player). Not played, not a card (520.1a).
    CopyThis {
        who: Who,
        #[serde(default)]
        cost: Vec<Cost>,
    },
    /// 520.2: put a token copy of each target card into play, owned and controlled by
    /// the controller (521.5), face-up: its printed information, cost 0, none of its
    /// state or modifiers. The card may have left play since (its printed information is
    /// still known). Without `at`, a Friend or a Resource goes to the controller's home,
    /// an attachment on a host the controller chooses that fits its host description
    /// (509.2), and a Troublemaker to a Problem the controller chooses (306.1).
    /// Friends, Resources and Troublemakers are copied; Dilemmas are not.
    PutTokenCopy {
        of: Target,
        #[serde(default)]
        at: Option<CopyPlace>,
    },
    /// Put cards from a hand, a discard pile, a banished zone or set aside (`SetAside`) into play under the controller's control
    /// without playing them (no cost; "when you play" doesn't trigger): a Friend at the
    /// controller's home, a Troublemaker at a Problem the controller chooses (306.1),
    /// face-down only when `face_down` says so, an attachment on a host (`on`). Other card
    /// types aren't put this way.
    PutIntoPlay {
        target: Target,
        #[serde(default)]
        face_down: bool,
        /// Where a Friend goes instead of its controller's home (one of those areas,
        /// chosen by the controller when several); a Troublemaker only ever goes to a
        /// Problem.
        #[serde(default)]
        at: Option<AreaRef>,
        /// 513.2: each card under its owner's control (at its owner's home, for a Friend)
        /// rather than the controller's: a card banished earlier put back into play
        /// (AD45), or the cards beneath a card that left (CN134).
        #[serde(default)]
        owners: bool,
        /// 509.2: an attachment enters play attached to a host the controller picks
        /// among the cards that fit its host description and this ("attached to a
        /// Friend": AD112).
        #[serde(default)]
        on: Option<Cards>,
    },
    /// 519.4: take up to `amount` +1 power counters off each target in play; a card with
    /// fewer loses the ones it has, and none are ever taken below zero.
    RemovePowerCounters {
        target: Target,
        amount: Amount,
    },
    /// The controller chooses a colour; the later instructions' `GainChosenColor` give
    /// that colour.
    ChooseColor,
    /// "Choose one" (or `choose` of them, each at most once) among the modes; the
    /// chosen modes' instructions are followed in the order listed. With `random`, the
    /// modes are chosen at random (523), uniformly among those not yet chosen.
    Modes {
        #[serde(default = "one")]
        choose: u8,
        #[serde(default)]
        random: bool,
        modes: Vec<Mode>,
    },
    /// Reveal the top `count` cards of a deck to every player; they stay where they are.
    /// From then on `It` names the top one, place `Revealed` describes them and they are
    /// this effect's group for `Target::Rest`.
    Reveal {
        deck: DeckRef,
        count: Amount,
    },
    /// Reveal more cards from the top of a deck, below those this effect already
    /// revealed from it, one at a time until `count` cards that fit `until` have been
    /// revealed this way (or the deck runs out). They join this effect's revealed cards
    /// (place `Revealed`, the group for `Rest`).
    RevealUntil {
        deck: DeckRef,
        count: Amount,
        until: Cards,
    },
    /// Put cards on the bottom of their owners' decks (from play, a hand, a discard
    /// pile or the deck itself).
    ToDeckBottom(Target),
    /// Shuffle cards into their owners' decks: each goes into its owner's deck, then
    /// every deck that received one is shuffled.
    ShuffleIntoDeck(Target),
    /// The named players shuffle their decks.
    Shuffle(Who),
    /// 514.1, 514.3c, 514.6d: start a faceoff between the controller ("you", who starts
    /// it) and an opponent, involving the cards `start` says (none starts during another
    /// faceoff, 707.4a). Once it is won (514.6) the winner follows `winner` and each
    /// loser `loser`, each as "you" (making its choices), or with `at_end` as it ends
    /// (514.7). A tie nobody can break has no winner. The instructions after this one
    /// wait for the faceoff to end.
    Faceoff {
        start: FaceoffStart,
        #[serde(default)]
        winner: Vec<Effect>,
        #[serde(default)]
        loser: Vec<Effect>,
        #[serde(default)]
        at_end: bool,
    },
    /// 514.3d: the target cards cease to be involved in the current faceoff, for the rest
    /// of it.
    Uninvolve(Target),
    /// 514.3d: the target cards in play become involved in the current faceoff (CN12): in
    /// a faceoff at a Problem while each stays in play at one of its areas, and flagged
    /// for the rest of a faceoff at no Problem (514.3d.i). Nothing happens outside a
    /// faceoff.
    Involve(Target),
    /// The current faceoff ends with no winner and no loser (AD42, AD87): it is over
    /// as though its result were in (514.6), with nothing won or lost, and its last
    /// window and end follow (514.7). Nothing happens outside a faceoff or once it has
    /// a result.
    EndFaceoff,
    /// A delayed effect: at the moment named, the instructions are followed as an
    /// effect of their own, with this effect's controller, `It` and area.
    Later {
        at: Moment,
        effects: Vec<Effect>,
    },
    /// Once the current phase is over, phase `P` begins anew and the turn goes on from
    /// it (601.3 in order from that phase): "start a new Troublemaker Phase" (CN57).
    NewPhase(PhaseName),
    /// The next phase `P` to come (this turn's or a later one's) is skipped: it neither
    /// starts nor ends, and the turn goes on with the phase after it (AD200).
    SkipPhase(PhaseName),
    /// 103.5: the named players lose the game and leave it (AD-3).
    LoseGame(Who),
    /// 514.6a by an effect: the controller defeats the target face-up Troublemakers in
    /// play: scores each one's points (with the card whose effect it is, 517.2), then it
    /// is dismissed (AD97).
    Defeat(Target),
    /// 613.2 by an effect: replace each target Problem in play, in the order the
    /// Problem's replacement at the Solve Step follows (its characters sent home, its
    /// face-up Troublemakers and Resources dismissed by the game, then the next
    /// Problem of its owner's deck put into play there).
    ReplaceProblem(Target),
}

/// Which instructions hold others, and which create a continuous effect, written once
/// for the walkers that read them ([`Effect::parts`]) and change them
/// ([`Effect::parts_mut`]). Every other instruction is listed by name, so a new one
/// fails to compile here until its parts are stated.
macro_rules! effect_parts {
    ($e:expr, $nested:ident, $creates:ident, $($m:tt)?) => {
        match $e {
            Effect::If {
                then, otherwise, ..
            } => {
                $nested(then);
                $nested(otherwise);
            }
            Effect::By { effects, .. } | Effect::Later { effects, .. } => $nested(effects),
            Effect::Faceoff { winner, loser, .. } => {
                $nested(winner);
                $nested(loser);
            }
            Effect::PayOr {
                otherwise, then, ..
            } => {
                $nested(otherwise);
                $nested(then);
            }
            Effect::Modes { modes, .. } => {
                for m in modes {
                    $nested(& $($m)? m.effects);
                }
            }
            Effect::Until { effect, .. } => $creates(effect),
            Effect::Draw { .. }
            | Effect::DrawFromBottom { .. }
            | Effect::Discard { .. }
            | Effect::DiscardHand(_)
            | Effect::GainTokens { .. }
            | Effect::Score { .. }
            | Effect::Exhaust(_)
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
            | Effect::Flip { .. }
            | Effect::OncePerFaceoff
            | Effect::Studious
            | Effect::Uninvolve(_)
            | Effect::Involve(_)
            | Effect::EndFaceoff
            | Effect::LoseTokens { .. }
            | Effect::Uncover(_)
            | Effect::Peek(_)
            | Effect::Cover(_)
            | Effect::Mill { .. }
            | Effect::LookAt { .. }
            | Effect::Inspired
            | Effect::Discount { .. }
            | Effect::PlayTroublemakerFree
            | Effect::GainTokensForPhase { .. }
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
            | Effect::ChooseCounter(_)
            | Effect::PutChosenCounters { .. }
            | Effect::RemoveChosenCounters { .. }
            | Effect::GainControl { .. }
            | Effect::ExchangeControl { .. }
            | Effect::MakeToken { .. }
            | Effect::TokenCopy(_)
            | Effect::CopyThis { .. }
            | Effect::PutTokenCopy { .. }
            | Effect::PutIntoPlay { .. }
            | Effect::RemovePowerCounters { .. }
            | Effect::ChooseColor
            | Effect::Reveal { .. }
            | Effect::RevealUntil { .. }
            | Effect::ToDeckBottom(_)
            | Effect::ShuffleIntoDeck(_)
            | Effect::Shuffle(_)
            | Effect::LoseGame(_)
            | Effect::NewPhase(_)
            | Effect::SkipPhase(_)
            | Effect::Defeat(_)
            | Effect::ReplaceProblem(_) => {}
        }
    };
}

impl Effect {
    /// Calls `nested` with each list of instructions this one holds (branches, modes,
    /// the instructions of another player or a later moment) and `creates` with the
    /// continuous effect it creates (`Until`, 708).
    pub fn parts(
        &self,
        mut nested: impl FnMut(&Vec<Effect>),
        mut creates: impl FnMut(&StaticEffect),
    ) {
        effect_parts!(self, nested, creates,)
    }

    /// [`Effect::parts`], able to change the nested instructions.
    pub fn parts_mut(&mut self, mut nested: impl FnMut(&mut Vec<Effect>)) {
        let creates = |_: &mut StaticEffect| {};
        effect_parts!(self, nested, creates, mut)
    }
}

/// Which cards a faceoff an effect starts involves (514.3c).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FaceoffStart {
    /// 514.3d.i: one card of the controller's that fits `yours` and one of an opponent's
    /// that fits `theirs` (read with `It` as the first card), both chosen by the
    /// controller; they stay involved while they stay in play, and the faceoff takes
    /// place at no area. With no such pair it doesn't start (514.1).
    Between { yours: Cards, theirs: Cards },
    /// 514.3e: at a Problem the controller chooses where they and an opponent both have
    /// characters; every character there is involved while it is there.
    AtAProblem,
    /// 608, 514.3a.i: challenge a face-up Troublemaker that fits, at a Problem where the
    /// controller has characters: a Troublemaker faceoff with the controller as the
    /// challenger, involving their characters there, or with `alone` this card only.
    Challenge {
        troublemaker: Target,
        #[serde(default)]
        alone: bool,
        /// With one of the controller's characters at the Troublemaker's Problem that
        /// fits, chosen by them once the Troublemaker is chosen (CN101).
        #[serde(default)]
        with_one: Option<Box<Cards>>,
    },
}

/// One mode of `Effect::Modes`: its name (shown to the player choosing) and instructions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mode {
    pub name: String,
    pub effects: Vec<Effect>,
}

/// When a delayed effect (`Effect::Later`) happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Moment {
    /// As the end of the turn comes (615.1, with "at the end of the turn" triggers).
    EndOfTurn,
    /// At the end of the current phase (its end-of-phase window, 601.2).
    EndOfPhase,
    /// As the current faceoff ends (after its results, 514.7).
    EndOfFaceoff,
    /// As the next turn begins, whoever's it is (its Ready Phase, 602; followed, as the
    /// turn's triggers are, once priority is first given, 601.2a).
    StartOfNextTurn,
    /// As the controller's next turn begins.
    StartOfYourNextTurn,
    /// As the next faceoff the controller is involved in begins (514.3), this turn: it
    /// lapses as the turn ends if none does (616.4; "your next faceoff this turn", CN147).
    StartOfYourNextFaceoff,
}

/// Where a token copy (520.2) is put, when the text says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CopyPlace {
    /// This card's area (a Troublemaker only if that is a Problem).
    Here,
    /// A Problem the controller chooses.
    AProblem,
    /// One copy at each Problem other than the one this card is at.
    EachOtherProblem,
}

fn one() -> u8 {
    1
}

/// `Prohibition::Confront` without `unless_characters`: no number of characters lifts it.
/// A token an effect creates (521.1): its type, power and traits, and optionally its
/// colours, keywords and name. All of it is printed information. With no name, its
/// name is its traits (521.1a).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenSpec {
    #[serde(rename = "type", default = "friend_type")]
    pub card_type: CardType,
    pub power: i16,
    #[serde(default)]
    pub traits: Vec<String>,
    #[serde(default)]
    pub colors: Vec<Color>,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    #[serde(default)]
    pub name: Option<String>,
}

fn friend_type() -> CardType {
    CardType::Friend
}

/// A deck an effect looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeckRef {
    /// The controller's draw deck.
    Yours,
    /// The opponent's draw deck.
    Opponents,
    /// The Problem deck belonging to the Problem the trigger is about (501.5 "there").
    ThereProblem,
    /// The Problem deck belonging to the Problem where the card `It` names is ("a Mane
    /// Character at a Problem … that Problem's deck", CN176).
    ItsProblem,
    /// The controller's Problem deck.
    YourProblems,
    /// The opponent's Problem deck.
    OpponentsProblems,
}

/// Where looked-at cards go back, each in an order the player chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PutBack {
    Top,
    Bottom,
    /// Each card on the top or the bottom, as the player chooses.
    TopOrBottom,
    /// Into the owner's discard pile; a card that fits `take` must then be taken.
    Discard,
}

/// Where a move or send goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AreaRef {
    Home,
    /// The controller chooses a Problem.
    AProblem,
    /// This card's area.
    Here,
    /// The Problem the trigger is about.
    There,
    /// The controller chooses any area the card may go to (home or a Problem).
    Anywhere,
    /// The controller chooses a Problem other than the one `It` is at.
    AnotherProblemThanIts,
    /// A Problem where the current faceoff is taking place (514.3e).
    FaceoffProblem,
}
