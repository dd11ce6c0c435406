//! Rule tests, one module per chapter of Comprehensive Rules 3.9. Each test is named
//! after the rule it checks.

mod support;

mod ability_loss;
mod cant;
mod cgforms;
mod ch1_fundamentals;
mod ch2_names;
mod ch3_card_types;
mod ch4_zones;
mod ch5_game_concepts;
mod ch6_turn_sequence;
mod ch7_abilities;
mod ch8_additional;
mod characteristics;
mod cnmanes;
mod compose;
mod copies;
mod copies2;
mod decklook;
mod describe;
mod dilemma;
mod effect_faceoffs;
mod entering;
mod entering2;
mod flips;
mod keywords;
mod more;
mod moreforms;
mod movehere;
mod occurrences;
mod playcost;
mod players;
mod prohibit;
mod quickstart;
mod replace;
mod revealed_top;
mod unfrighten;
mod zones;
