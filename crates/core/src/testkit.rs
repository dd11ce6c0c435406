//! Synthetic cards for tests and benchmarks: plain cards with facts only, so the rules
//! can be exercised without the catalogue. Numbers use the set code "T".

use crate::card::*;
use crate::game::{GameSetup, PlayerDeck};

fn def(number: &str, title: &str, card_type: CardType, face: Face) -> CardDef {
    CardDef {
        number: number.to_string(),
        set: "T".into(),
        title: title.to_string(),
        subtitle: String::new(),
        card_type,
        rarity: Rarity::Common,
        face,
        boosted: None,
        cost: None,
        play_reqs: Vec::new(),
        problem: None,
        points: None,
        script: ScriptStatus::Vanilla,
    }
}

/// A vanilla Friend of one colour.
pub fn friend(number: &str, color: Color, power: i16, cost: u8, req: u16) -> CardDef {
    let mut d = def(
        number,
        &format!("{} Friend {}", color.name(), number),
        CardType::Friend,
        Face {
            colors: Colors::single(color),
            power: Some(power),
            ..Face::default()
        },
    );
    d.cost = Some(cost);
    if req > 0 {
        d.play_reqs.push(PlayReq { color, power: req });
    }
    d
}

/// A Mane Character with a home limit; the Boosted side has 2 more power.
pub fn mane(number: &str, color: Color, power: i16, home_limit: u8) -> CardDef {
    let face = Face {
        colors: Colors::single(color),
        power: Some(power),
        traits: vec![],
        keywords: vec![Keyword::HomeLimit(home_limit)],
        abilities: vec![],
    };
    let mut boosted = face.clone();
    boosted.power = Some(power + 2);
    boosted.keywords = vec![Keyword::HomeLimit(home_limit + 1)];
    let mut d = def(
        number,
        &format!("{} Mane {}", color.name(), number),
        CardType::ManeCharacter,
        face,
    );
    d.boosted = Some(boosted);
    d
}

/// A Problem: the owner's requirements, the opponents' wild requirement, the bonus.
pub fn problem(
    number: &str,
    owner: &[(ReqColor, u16)],
    opponent: u16,
    bonus: u16,
    starting: bool,
) -> CardDef {
    let face = Face {
        keywords: if starting {
            vec![Keyword::StartingProblem]
        } else {
            vec![]
        },
        ..Face::default()
    };
    let mut d = def(
        number,
        &format!("Problem {number}"),
        CardType::Problem,
        face,
    );
    d.problem = Some(ProblemFacts {
        owner: owner
            .iter()
            .map(|&(color, power)| Requirement { color, power })
            .collect(),
        opponent: OpponentReq::Wild(opponent),
        bonus,
    });
    d
}

/// A Troublemaker; `epic` gives it the Epic trait.
pub fn troublemaker(number: &str, power: i16, points: u16, epic: bool) -> CardDef {
    let traits = if epic {
        vec!["Epic".to_string()]
    } else {
        vec![]
    };
    let mut d = def(
        number,
        &format!("Troublemaker {number}"),
        CardType::Troublemaker,
        Face {
            power: Some(power),
            traits,
            ..Face::default()
        },
    );
    d.points = Some(points);
    d
}

/// A vanilla Resource.
pub fn resource(number: &str, color: Color, power: i16, cost: u8) -> CardDef {
    let mut d = def(
        number,
        &format!("Resource {number}"),
        CardType::Resource,
        Face {
            colors: Colors::single(color),
            power: Some(power),
            ..Face::default()
        },
    );
    d.cost = Some(cost);
    d
}

/// A 56-card deck in one colour: Mane, 10 Problems, 45 draw cards of Friends with a
/// spread of costs and powers, a few Resources and Troublemakers (one Epic).
pub fn mono_deck(color: Color, prefix: &str) -> PlayerDeck {
    let n = |i: u32| format!("{prefix}{i}");
    let other = Color::ALL[(color as usize + 1) % 6];
    let mut draw = Vec::new();
    for i in 0..30u32 {
        let power = 1 + (i % 4) as i16;
        let cost = 1 + (i % 4) as u8;
        let req = if i % 3 == 0 { 0 } else { (i % 4) as u16 };
        draw.push(friend(
            &n(100 + i % 12),
            if i % 5 == 4 { other } else { color },
            power,
            cost,
            req,
        ));
    }
    for i in 0..6u32 {
        draw.push(resource(&n(200 + i % 2), color, 1, 2));
    }
    for i in 0..8u32 {
        draw.push(troublemaker(
            &n(300 + i % 3),
            2 + (i % 3) as i16,
            1 + (i % 2) as u16,
            false,
        ));
    }
    draw.push(troublemaker(&n(310), 5, 2, true));
    let mut problems = Vec::new();
    for i in 0..10u32 {
        let reqs = [
            (ReqColor::Color(color), 2 + (i % 3) as u16),
            (ReqColor::Not(color), 1 + (i % 2) as u16),
        ];
        problems.push(problem(
            &n(400 + i % 5),
            &reqs,
            4 + (i % 4) as u16,
            1 + (i % 3) as u16,
            i < 2,
        ));
    }
    PlayerDeck {
        mane: mane(&n(1), color, 1, 3),
        problems,
        draw,
    }
}

/// Two mono-coloured decks facing each other.
pub fn two_player_setup(seed: u64) -> GameSetup {
    GameSetup {
        seed,
        players: vec![mono_deck(Color::Blue, "A"), mono_deck(Color::Orange, "B")],
    }
}
