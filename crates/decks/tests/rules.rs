//! Crafted illegal decks, one test per deckbuilding rule (101, 102.1, 521.3) and per
//! clause of the 3.4 document's "Format Legality" and "Limited Play" sections.

use ponyccg_cards::{Catalogue, Entry, SetKind};
use ponyccg_core::card::CardType;
use ponyccg_decks::{check, theme_deck, Block, Date, Deck, DeckCard, Format, Report};

fn cat() -> &'static Catalogue {
    Catalogue::builtin()
}

fn today() -> Date {
    "2026-11-21".parse().unwrap()
}

fn date(s: &str) -> Date {
    s.parse().unwrap()
}

/// A deck legal everywhere in Premiere block and Harmony today (no banned card).
fn base() -> Deck {
    let d = theme_deck("fluttershy").unwrap();
    assert!(check(&d, &Format::Harmony, today(), cat()).is_legal());
    d
}

fn kind(e: &Entry) -> Option<SetKind> {
    cat().set(&e.def.set).map(|s| s.kind)
}

fn find(pred: impl Fn(&Entry) -> bool) -> &'static Entry {
    cat()
        .entries()
        .find(|e| pred(e))
        .expect("the catalogue has such a card")
}

fn of_set(set: &str, t: CardType) -> &'static Entry {
    find(|e| e.def.set == set && e.def.card_type == t)
}

fn clauses(r: &Report) -> Vec<String> {
    r.violations.iter().map(|v| v.clause.clone()).collect()
}

/// Asserts exactly one violation of `clause`, and returns it.
fn only(r: &Report, clause: &str) -> ponyccg_decks::Violation {
    assert_eq!(clauses(r), vec![clause.to_string()], "\n{r}");
    r.violations[0].clone()
}

fn constructed(d: &Deck) -> Report {
    check(d, &Format::Constructed, today(), cat())
}

fn set_count(cards: &mut [DeckCard], number: &str, count: u32) {
    cards.iter_mut().find(|c| c.number == number).unwrap().count = count;
}

#[test]
fn r101_1_draw_deck_has_at_least_45_cards() {
    let mut d = base();
    let first = d.draw[0].number.clone();
    let n = d.draw[0].count;
    set_count(&mut d.draw, &first, n - 1);
    let v = only(&constructed(&d), "101.1");
    assert_eq!(v.count, Some(44));
    assert!(v.message.contains("44") && v.message.contains("45"));
    // More than 45 is fine: there is no maximum.
    set_count(&mut d.draw, &first, n + 1);
    assert!(constructed(&d).is_legal());
}

#[test]
fn r101_2_at_most_3_copies_of_a_name_in_the_draw_deck() {
    let mut d = base();
    let number = d.draw[0].number.clone();
    set_count(&mut d.draw, &number, 4);
    let v = only(&constructed(&d), "101.2");
    assert_eq!(v.count, Some(4));
    assert!(v.card.unwrap().contains(&format!("({number})")));
}

#[test]
fn r101_2_draw_deck_holds_only_friends_events_resources_troublemakers() {
    let mut d = base();
    let problem = of_set("PR", CardType::Problem);
    d.draw.push(DeckCard::new(problem.def.number.clone(), 1));
    let v = only(&constructed(&d), "101.2");
    assert!(v.message.contains("Problem"), "{v}");
    assert_eq!(v.count, Some(1));
}

#[test]
fn r201_1a_same_title_with_another_subtitle_is_another_name() {
    // Two Friends sharing a title: three copies of each break no copy limit.
    let pr_friends: Vec<&Entry> = cat()
        .entries()
        .filter(|e| {
            e.def.set == "PR" && e.def.card_type == CardType::Friend && !e.def.subtitle.is_empty()
        })
        .collect();
    let (a, b) = pr_friends
        .iter()
        .flat_map(|a| pr_friends.iter().map(move |b| (*a, *b)))
        .find(|(a, b)| a.def.title == b.def.title && a.def.subtitle != b.def.subtitle)
        .expect("two Premiere Friends share a title");
    let mut d = base();
    d.draw.push(DeckCard::new(a.def.number.clone(), 3));
    d.draw.push(DeckCard::new(b.def.number.clone(), 3));
    assert!(constructed(&d).is_legal(), "{}", constructed(&d));
    // ...while a fourth copy of one of them is one name over the limit.
    set_count(&mut d.draw, &a.def.number, 4);
    assert_eq!(only(&constructed(&d), "101.2").count, Some(4));
}

#[test]
fn r101_3_problem_deck_has_exactly_10_problems() {
    let mut d = base();
    let first = d.problems[0].number.clone();
    let n = d.problems[0].count;
    set_count(&mut d.problems, &first, n - 1);
    assert_eq!(only(&constructed(&d), "101.3").count, Some(9));
    let extra = find(|e| {
        e.def.set == "PR"
            && e.def.card_type == CardType::Problem
            && !d.problems.iter().any(|c| c.number == e.def.number)
    });
    set_count(&mut d.problems, &first, n);
    d.problems.push(DeckCard::new(extra.def.number.clone(), 1));
    assert_eq!(only(&constructed(&d), "101.3").count, Some(11));
}

#[test]
fn r101_3a_at_most_2_copies_of_a_name_in_the_problem_deck() {
    let mut d = base();
    // Move one copy from one Problem to another that has two: still 10 cards.
    let two = d.problems.iter().position(|c| c.count == 2).unwrap();
    let other = (0..d.problems.len()).find(|&i| i != two).unwrap();
    d.problems[two].count = 3;
    d.problems[other].count -= 1;
    if d.problems[other].count == 0 {
        d.problems.remove(other);
    }
    let r = constructed(&d);
    let v = r
        .violations
        .iter()
        .find(|v| v.clause == "101.3a")
        .unwrap_or_else(|| panic!("{r}"));
    assert_eq!(v.count, Some(3));
    assert!(
        r.violations
            .iter()
            .all(|v| v.clause == "101.3a" || v.clause == "101.3c"),
        "{r}"
    );
}

#[test]
fn r101_3b_problem_deck_holds_only_problems() {
    let mut d = base();
    let friend = of_set("PR", CardType::Friend);
    let first = d.problems[0].number.clone();
    let n = d.problems[0].count;
    set_count(&mut d.problems, &first, n - 1);
    d.problems.push(DeckCard::new(friend.def.number.clone(), 1));
    let r = constructed(&d);
    let v = only(&r, "101.3b");
    assert!(v.message.contains("Friend"), "{v}");
}

#[test]
fn r101_3c_problem_deck_needs_a_starting_problem() {
    let mut d = base();
    let plain: Vec<&Entry> = cat()
        .entries()
        .filter(|e| {
            e.def.set == "PR"
                && e.def.card_type == CardType::Problem
                && !e.def.is_starting_problem()
        })
        .take(5)
        .collect();
    d.problems = plain
        .iter()
        .map(|e| DeckCard::new(e.def.number.clone(), 2))
        .collect();
    let v = only(&constructed(&d), "101.3c");
    assert_eq!(v.count, Some(0));
}

#[test]
fn r102_1_exactly_one_mane_character() {
    let mut d = base();
    let mane = d.mane.clone();
    d.mane.clear();
    assert_eq!(only(&constructed(&d), "102.1").count, Some(0));
    let other = find(|e| {
        e.def.set == "PR"
            && e.def.card_type == CardType::ManeCharacter
            && e.def.number != mane[0].number
    });
    d.mane = mane;
    d.mane.push(DeckCard::new(other.def.number.clone(), 1));
    assert_eq!(only(&constructed(&d), "102.1").count, Some(2));
}

#[test]
fn r102_1_the_mane_character_must_be_a_mane_character() {
    let mut d = base();
    let friend = of_set("PR", CardType::Friend);
    d.mane = vec![DeckCard::new(friend.def.number.clone(), 1)];
    let v = only(&constructed(&d), "102.1");
    assert!(v.message.contains("not a Mane Character"), "{v}");
}

#[test]
fn r521_3_tokens_cannot_be_put_in_a_deck() {
    let mut d = base();
    let token = find(|e| kind(e) == Some(SetKind::Token));
    d.draw.push(DeckCard::new(token.def.number.clone(), 1));
    let v = only(&constructed(&d), "521.3");
    assert!(v.message.contains("token"));
}

#[test]
fn unknown_card_numbers_are_violations_not_panics() {
    let mut d = base();
    d.draw.push(DeckCard::new("ZZ999", 1));
    let v = only(&constructed(&d), "catalogue");
    assert_eq!(v.card.as_deref(), Some("ZZ999"));
}

#[test]
fn constructed_alone_does_not_restrict_sets() {
    let mut d = base();
    let community =
        find(|e| kind(e) == Some(SetKind::Community) && e.def.card_type == CardType::Friend);
    d.draw.push(DeckCard::new(community.def.number.clone(), 1));
    assert!(constructed(&d).is_legal());
}

#[test]
fn every_violation_is_reported_at_once() {
    let mut d = base();
    d.mane.clear();
    let first = d.draw[0].number.clone();
    set_count(&mut d.draw, &first, 5); // 101.2 copies, and the size is still >= 45
    let second = d.draw[1].number.clone();
    d.draw.retain(|c| c.number != second);
    d.problems.truncate(2); // 101.3 size, and likely 101.3c
    let banned = cat().get("PR16").unwrap();
    d.draw.push(DeckCard::new(banned.def.number.clone(), 1));
    let r = check(&d, &Format::Harmony, today(), cat());
    let cl = clauses(&r);
    for expected in [
        "102.1",
        "101.2",
        "101.3",
        "Format Legality: Harmony banlist",
    ] {
        assert!(cl.iter().any(|c| c == expected), "missing {expected}:\n{r}");
    }
    assert!(r.violations.len() >= 4);
}

#[test]
fn harmony_banlist_each_ban_from_its_effective_date() {
    for ban in ponyccg_decks::formats::HARMONY_BANLIST {
        let e = cat()
            .get(ban.number)
            .unwrap_or_else(|| panic!("{} in the catalogue", ban.number));
        let mut d = base();
        match e.def.card_type {
            CardType::ManeCharacter => d.mane = vec![DeckCard::new(ban.number, 1)],
            CardType::Problem => {
                let i = d.problems.iter().position(|c| c.count == 2).unwrap();
                d.problems[i].count = 1;
                d.problems.push(DeckCard::new(ban.number, 1));
            }
            _ => d.draw.push(DeckCard::new(ban.number, 1)),
        }
        let on = check(&d, &Format::Harmony, ban.effective, cat());
        let v = only(&on, "Format Legality: Harmony banlist");
        assert!(v.message.contains(&ban.effective.to_string()), "{v}");
        assert!(v.card.unwrap().contains(ban.number));
        let before = check(&d, &Format::Harmony, ban.effective.pred(), cat());
        assert!(
            before.is_legal(),
            "{} the day before its ban:\n{before}",
            ban.number
        );
    }
}

#[test]
fn harmony_a_set_is_legal_only_from_its_release_date() {
    let mut d = base();
    let ff = of_set("FF", CardType::Friend);
    d.draw.push(DeckCard::new(ff.def.number.clone(), 1));
    let v = only(
        &check(&d, &Format::Harmony, date("2018-12-06"), cat()),
        "Format Legality: Harmony Constructed",
    );
    assert!(v.message.contains("2018-12-07"), "{v}");
    assert!(check(&d, &Format::Harmony, date("2018-12-07"), cat()).is_legal());
}

#[test]
fn harmony_community_cards_are_not_legal() {
    let mut d = base();
    let ll = find(|e| kind(e) == Some(SetKind::Community) && e.def.card_type == CardType::Friend);
    d.draw.push(DeckCard::new(ll.def.number.clone(), 1));
    let v = only(
        &check(&d, &Format::Harmony, today(), cat()),
        "Format Legality: Harmony Constructed",
    );
    assert!(v.message.contains("community"), "{v}");
}

#[test]
fn harmony_villain_challenge_cards_are_not_legal() {
    let mut d = base();
    let vc = find(|e| {
        kind(e) == Some(SetKind::VillainChallenge) && e.def.card_type == CardType::ManeCharacter
    });
    d.mane = vec![DeckCard::new(vc.def.number.clone(), 1)];
    let v = only(
        &check(&d, &Format::Harmony, today(), cat()),
        "Format Legality: Harmony Constructed",
    );
    assert!(v.message.contains("Villain Challenge"), "{v}");
}

#[test]
fn harmony_unreleased_cards_are_not_legal() {
    let mut d = base();
    let st = find(|e| kind(e) == Some(SetKind::Unreleased));
    d.mane = vec![DeckCard::new(st.def.number.clone(), 1)];
    let v = only(
        &check(&d, &Format::Harmony, today(), cat()),
        "Format Legality: Harmony Constructed",
    );
    assert!(v.message.contains("never released"), "{v}");
}

#[test]
fn harmony_promos_are_legal_with_their_product() {
    let promo = find(|e| {
        kind(e) == Some(SetKind::Promo)
            && e.def.number.starts_with("CN")
            && e.def.card_type == CardType::Friend
    });
    let mut d = base();
    d.draw.push(DeckCard::new(promo.def.number.clone(), 1));
    assert!(check(&d, &Format::Harmony, today(), cat()).is_legal());
    let cn = ponyccg_decks::formats::set_release("CN").unwrap().released;
    assert!(!check(&d, &Format::Harmony, cn.pred(), cat()).is_legal());
    assert!(check(&d, &Format::Block(Block::Premiere), today(), cat()).is_legal());
    assert!(!check(&d, &Format::Block(Block::Odyssey), today(), cat()).is_legal());
}

#[test]
fn block_only_cards_of_the_block_s_sets() {
    let mut d = base();
    let eo = of_set("EO", CardType::Friend);
    d.draw.push(DeckCard::new(eo.def.number.clone(), 1));
    let v = only(
        &check(&d, &Format::Block(Block::Premiere), today(), cat()),
        "Format Legality: Block Constructed",
    );
    assert!(v.message.contains("Premiere block"), "{v}");
    assert!(check(&d, &Format::Harmony, today(), cat()).is_legal());
    for set in ["PR", "CN", "CG", "AD"] {
        let mut d = base();
        d.draw.push(DeckCard::new(
            of_set(set, CardType::Friend).def.number.clone(),
            1,
        ));
        assert!(
            check(&d, &Format::Block(Block::Premiere), today(), cat()).is_legal(),
            "{set}"
        );
    }
}

#[test]
fn block_odyssey_sets() {
    let mut d = base();
    let r = check(&d, &Format::Block(Block::Odyssey), today(), cat());
    assert!(
        r.violations.len() >= 10,
        "every Premiere card is outside Odyssey block"
    );
    let mut odyssey = Deck::new();
    odyssey.mane = vec![DeckCard::new(
        of_set("EO", CardType::ManeCharacter).def.number.clone(),
        1,
    )];
    for set in ["EO", "HM", "MT"] {
        odyssey.draw.push(DeckCard::new(
            of_set(set, CardType::Friend).def.number.clone(),
            1,
        ));
    }
    let r = check(&odyssey, &Format::Block(Block::Odyssey), today(), cat());
    assert!(
        r.violations
            .iter()
            .all(|v| !v.clause.starts_with("Format Legality")),
        "{r}"
    );
    d.mane = odyssey.mane.clone();
    assert!(!check(&d, &Format::Block(Block::Odyssey), today(), cat()).is_legal());
}

#[test]
fn block_excludes_supplemental_products() {
    for set in ["RR", "CS"] {
        let mut d = base();
        let sup = of_set(set, CardType::Friend);
        d.draw.push(DeckCard::new(sup.def.number.clone(), 1));
        let v = only(
            &check(&d, &Format::Block(Block::Premiere), today(), cat()),
            "Format Legality: Block Constructed",
        );
        assert!(v.message.contains("supplemental"), "{v}");
        assert!(
            check(&d, &Format::Harmony, today(), cat()).is_legal(),
            "{set} is legal in Harmony"
        );
    }
}

#[test]
fn block_applies_the_harmony_banlist() {
    let mut d = base();
    d.draw.push(DeckCard::new("CN42", 1));
    only(
        &check(&d, &Format::Block(Block::Premiere), today(), cat()),
        "Format Legality: Harmony banlist",
    );
    assert!(check(
        &d,
        &Format::Block(Block::Premiere),
        date("2015-01-29"),
        cat()
    )
    .is_legal());
}

/// A limited-sized deck cut from a theme deck: 30 draw cards, 5 Problems with a
/// Starting Problem.
fn limited_base() -> Deck {
    let full = base();
    let mut d = Deck {
        name: None,
        mane: full.mane.clone(),
        problems: Vec::new(),
        draw: Vec::new(),
    };
    let mut left = 30;
    for c in &full.draw {
        let take = c.count.min(left);
        if take > 0 {
            d.draw.push(DeckCard::new(c.number.clone(), take));
            left -= take;
        }
    }
    let sp = full
        .problems
        .iter()
        .find(|c| cat().get(&c.number).unwrap().def.is_starting_problem())
        .unwrap();
    d.problems.push(DeckCard::new(sp.number.clone(), 1));
    for c in full.problems.iter().filter(|c| c.number != sp.number) {
        if d.problems.iter().map(|c| c.count).sum::<u32>() < 5 {
            d.problems.push(DeckCard::new(c.number.clone(), 1));
        }
    }
    assert!(limited(&d).is_legal(), "{}", limited(&d));
    d
}

fn limited(d: &Deck) -> Report {
    check(
        d,
        &Format::Limited {
            block: None,
            pool: None,
        },
        today(),
        cat(),
    )
}

const LIMITED: &str = "Limited Play: Limited Deck Construction";

#[test]
fn limited_draw_deck_has_at_least_30_cards() {
    let mut d = limited_base();
    d.draw[0].count -= 1;
    if d.draw[0].count == 0 {
        d.draw.remove(0);
    }
    assert_eq!(only(&limited(&d), LIMITED).count, Some(29));
    // 30 is too few for Harmony.
    let full = limited_base();
    let r = check(&full, &Format::Harmony, today(), cat());
    assert!(clauses(&r).contains(&"101.1".to_string()));
}

#[test]
fn limited_problem_deck_has_exactly_5_cards() {
    let mut d = limited_base();
    let extra = find(|e| {
        e.def.set == "PR"
            && e.def.card_type == CardType::Problem
            && !d.problems.iter().any(|c| c.number == e.def.number)
    });
    d.problems.push(DeckCard::new(extra.def.number.clone(), 1));
    assert_eq!(only(&limited(&d), LIMITED).count, Some(6));
}

#[test]
fn limited_problem_deck_needs_a_starting_problem() {
    let mut d = limited_base();
    d.problems = cat()
        .entries()
        .filter(|e| {
            e.def.set == "PR"
                && e.def.card_type == CardType::Problem
                && !e.def.is_starting_problem()
        })
        .take(5)
        .map(|e| DeckCard::new(e.def.number.clone(), 1))
        .collect();
    let v = only(&limited(&d), LIMITED);
    assert!(v.message.contains("Starting Problem"));
}

#[test]
fn limited_pool_bounds_the_deck_except_provided_cards() {
    let d = limited_base();
    // A pool holding exactly the deck's draw and Problem cards, without the Mane.
    let mut pool = Deck {
        name: None,
        mane: Vec::new(),
        problems: d.problems.clone(),
        draw: d.draw.clone(),
    };
    let fmt = |pool: &Deck| Format::Limited {
        block: Some(Block::Premiere),
        pool: Some(pool.clone()),
    };
    // The Fluttershy theme Mane (PR6) is not one an organiser provides.
    let r = check(&d, &fmt(&pool), today(), cat());
    let v = only(&r, "Limited Play: limited pool");
    assert!(v.card.unwrap().contains("PR6"));
    pool.mane = d.mane.clone();
    assert!(check(&d, &fmt(&pool), today(), cat()).is_legal());
    // A provided Mane (CN7) needs no pool card.
    let mut provided = d.clone();
    provided.mane = vec![DeckCard::new("CN7", 1)];
    assert!(check(&provided, &fmt(&pool), today(), cat()).is_legal());
    // Using more copies than the pool holds is a violation...
    let mut more = d.clone();
    more.draw[0].count += 1;
    let v = only(
        &check(&more, &fmt(&pool), today(), cat()),
        "Limited Play: limited pool",
    );
    assert_eq!(v.count, Some(more.draw[0].count));
    // ...but provided Starting Problems (PR164 for Premiere block) may be added freely.
    let mut sp = d.clone();
    sp.problems.truncate(4);
    sp.problems.push(DeckCard::new("PR164", 1));
    let mut pool_without = pool.clone();
    pool_without.problems.retain(|c| c.number != "PR164");
    let r = check(&sp, &fmt(&pool_without), today(), cat());
    assert!(r.is_legal(), "{r}");
}

/// Issue 18: with a pool, 101.2 and 101.3a still bound the pool's cards; only the
/// Starting Problems an organiser may provide (Limited Play, Starting Problems) come
/// in any number. Four Blue Jay (PR81) in the draw deck and three Not Enough Pinkie
/// Pies (PR181, not a provided Starting Problem) were judged legal.
#[test]
fn limited_copy_limits_101_2_and_101_3a_apply_to_pool_cards() {
    let mut d = limited_base();
    d.draw.retain(|c| c.number != "PR81");
    d.draw.push(DeckCard::new("PR81", 4));
    let mut pool = Deck {
        name: None,
        mane: d.mane.clone(),
        problems: d.problems.clone(),
        draw: d.draw.clone(),
    };
    let fmt = |pool: &Deck| Format::Limited {
        block: Some(Block::Premiere),
        pool: Some(pool.clone()),
    };
    let v = only(&check(&d, &fmt(&pool), today(), cat()), "101.2");
    assert!(v.card.unwrap().contains("PR81"));
    assert_eq!(v.count, Some(4));
    // Without a pool the limit holds as well.
    assert_eq!(only(&limited(&d), "101.2").count, Some(4));
    // Three copies of a pool Problem break 101.3a.
    let mut p = limited_base();
    pool.draw.extend(p.draw.iter().cloned());
    p.problems.truncate(2);
    p.problems.push(DeckCard::new("PR181", 3));
    pool.problems.push(DeckCard::new("PR181", 3));
    let v = only(&check(&p, &fmt(&pool), today(), cat()), "101.3a");
    assert!(v.card.unwrap().contains("PR181"));
    // A provided Starting Problem (PR164) may come three times, from no pool at all.
    let mut sp = p.clone();
    sp.problems.retain(|c| c.number != "PR181");
    sp.problems.push(DeckCard::new("PR164", 3));
    let total: u32 = sp.problems.iter().map(|c| c.count).sum();
    sp.problems[0].count -= total - 5;
    sp.problems.retain(|c| c.count > 0);
    let r = check(&sp, &fmt(&pool), today(), cat());
    assert!(r.is_legal(), "{r}");
}

#[test]
fn limited_still_excludes_community_cards() {
    let mut d = limited_base();
    let ll = find(|e| kind(e) == Some(SetKind::Community) && e.def.card_type == CardType::Friend);
    d.draw.push(DeckCard::new(ll.def.number.clone(), 1));
    only(&limited(&d), LIMITED);
}

#[test]
fn format_names_parse() {
    assert_eq!(Format::parse("harmony"), Some(Format::Harmony));
    assert_eq!(
        Format::parse("Block-Premiere"),
        Some(Format::Block(Block::Premiere))
    );
    assert_eq!(
        Format::parse("block-odyssey"),
        Some(Format::Block(Block::Odyssey))
    );
    assert_eq!(Format::parse("constructed"), Some(Format::Constructed));
    assert!(matches!(
        Format::parse("limited"),
        Some(Format::Limited {
            block: None,
            pool: None
        })
    ));
    assert_eq!(Format::parse("modern"), None);
}
