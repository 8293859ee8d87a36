//! `Card::text` (issue #34 item 4): a short summary of what each card does,
//! for every card of the main deck (#1-#116) and the diplomacy deck
//! (#201-#219); its numbers pinned against the engine's public rules.

use std::collections::HashSet;

use here_i_stand::rules::combat_cards::{
    BattleKind, JANISSARIES_REGULARS, ROWERS_DICE, SIEGE_ARTILLERY_DICE, TERCIOS_DICE, TERCIOS_REGULARS, extra_dice,
};
use here_i_stand::rules::events::{BULL_UNREST, ITALIAN_KEYS, LEAGUE_FORCED_TURN, LEAGUE_SPACES};
use here_i_stand::{Card, CardKind, ForeignWar, Power};

/// The sentences of a text: ends of sentence, "St." (St. Peter's, St.
/// John) aside.
fn sentences(text: &str) -> usize {
    let text = text.replace("St. ", "St ");
    text.split_inclusive(['.', '!', '?']).filter(|s| !s.trim().is_empty()).count()
}

#[test]
fn every_card_has_a_short_plain_text() {
    assert_eq!(Card::ALL.len(), 135);
    for card in Card::ALL {
        let text = card.text();
        assert!(!text.trim().is_empty(), "#{} has no text", card.number());
        assert!(text.len() < 300, "#{} text is {} characters", card.number(), text.len());
        assert!((1..=3).contains(&sentences(text)), "#{} text has {} sentences", card.number(), sentences(text));
        assert!(text.ends_with('.'), "#{} text does not end a sentence", card.number());
        assert_eq!(text, text.trim(), "#{} text has outer spaces", card.number());
        let markup = ['*', '_', '`', '#', '<', '>', '[', ']', '{', '}', '\n', '\t', '\\'];
        assert!(!text.contains(markup), "#{} text has markup: {text}", card.number());
    }
}

#[test]
fn texts_are_distinct() {
    let texts: HashSet<&str> = Card::ALL.iter().map(|c| c.text()).collect();
    assert_eq!(texts.len(), Card::ALL.len());
}

#[test]
fn texts_say_the_kind_of_card() {
    for card in Card::ALL {
        let text = card.text();
        let prefix = match card.kind() {
            CardKind::Mandatory => Some("Mandatory event".to_string()),
            CardKind::Combat => Some("Combat card".to_string()),
            CardKind::Response => Some("Response".to_string()),
            CardKind::Diplomacy => Some("Diplomatic card".to_string()),
            CardKind::Home => {
                let owner = match card.owner() {
                    Some(Power::Ottoman) => "Ottoman",
                    Some(Power::Hapsburg) => "Hapsburg",
                    Some(Power::England) => "English",
                    Some(Power::France) => "French",
                    Some(Power::Papacy) => "Papal",
                    Some(Power::Protestant) => "Protestant",
                    None => panic!("home card #{} has no owner", card.number()),
                };
                Some(format!("{owner} home card"))
            }
            CardKind::Event => None,
        };
        match prefix {
            Some(prefix) => assert!(text.starts_with(&prefix), "#{}: {text}", card.number()),
            None => {
                let kinds = ["Mandatory event", "Combat card", "Response", "Diplomatic card"];
                let homes = ["Ottoman", "Hapsburg", "English", "French", "Papal", "Protestant"]
                    .map(|o| format!("{o} home card"));
                for other in kinds.into_iter().chain(homes.iter().map(String::as_str)) {
                    assert!(!text.starts_with(other), "event #{} reads as another kind: {text}", card.number());
                }
            }
        }
    }
}

#[test]
fn spot_checks_of_key_effects() {
    let has = |card: Card, words: &[&str]| {
        for w in words {
            assert!(card.text().contains(w), "#{} text lacks {w:?}: {}", card.number(), card.text());
        }
    };
    has(Card::Luthers95Theses, &["reformation attempts", "Wittenberg", "5 ", "German zone"]);
    has(Card::Janissaries, &["Ottoman", "units", &format!("{JANISSARIES_REGULARS} new regular units")]);
    has(Card::AMightyFortress, &["Luther", "6 reformation attempts", "German zone"]);
    has(Card::HereIStand, &["Luther", "discard pile", "debate in the German zone"]);
    has(Card::MaryI, &["Mary I", "Catholic", "Papacy"]);
    has(Card::TheWartburg, &["cancel", "Luther"]);
    has(Card::HalleysComet, &["random card", "skips its next impulse"]);
    has(Card::SebastianCabot, &["Cabot", "exploration"]);
    has(Card::DipPlague, &["3 units", "random card"]);
    has(Card::DipSpanishInquisition, &["diplomatic cards", "main-deck hand"]);
    // The five keys of Master of Italy, as the engine counts them.
    for key in ITALIAN_KEYS {
        has(Card::MasterOfItaly, &[key.name()]);
    }
    has(Card::SchmalkaldicLeague, &[&format!("{LEAGUE_SPACES} or more"), &format!("turn {LEAGUE_FORCED_TURN}")]);
    has(Card::PapalBull, &[&format!("up to {BULL_UNREST}")]);
}

#[test]
fn combat_dice_in_texts_match_the_engine() {
    let dice = |card, power, kind| format!("{} extra dice", extra_dice(card, power, kind));
    assert!(Card::Arquebusiers.text().contains(&dice(Card::Arquebusiers, Power::England, BattleKind::Field)));
    assert!(Card::SiegeMining.text().contains(&dice(Card::SiegeMining, Power::England, BattleKind::Assault)));
    let artillery = Card::FieldArtillery.text();
    assert!(artillery.contains(&dice(Card::FieldArtillery, Power::England, BattleKind::Field)));
    assert!(artillery.contains(&format!("or {}", extra_dice(Card::FieldArtillery, Power::France, BattleKind::Field))));
    let janissaries = Card::Janissaries.text();
    assert!(
        janissaries.contains(&format!("{} dice", extra_dice(Card::Janissaries, Power::Ottoman, BattleKind::Field)))
    );
    assert!(
        janissaries.contains(&format!("{} at sea", extra_dice(Card::Janissaries, Power::Ottoman, BattleKind::Naval)))
    );
    assert!(Card::Tercios.text().contains(&format!("{TERCIOS_DICE} extra dice")));
    assert!(Card::Tercios.text().contains(&format!("at least {TERCIOS_REGULARS} Hapsburg regulars")));
    assert!(Card::SiegeArtillery.text().contains(&format!("{SIEGE_ARTILLERY_DICE} more dice")));
    assert!(Card::ProfessionalRowers.text().contains(&format!("{ROWERS_DICE} extra dice")));
}

#[test]
fn foreign_war_texts_match_the_engine() {
    for (war, power, foes) in [
        (ForeignWar::Egypt, "Ottoman", "Egyptian"),
        (ForeignWar::Ireland, "English", "Irish"),
        (ForeignWar::Persia, "Ottoman", "Persian"),
    ] {
        let text = war.card().text();
        assert!(text.starts_with("Foreign war"), "{text}");
        assert!(text.contains(&format!("{} {power} land units", war.strength())), "{text}");
        assert!(text.contains(&format!("{} {foes} units", war.foreign_strength())), "{text}");
    }
}
