//! The vocabulary types: ids, names, indexes, parsing.

use core::str::FromStr;

use here_i_stand::*;

fn check<T>(all: &[T])
where
    T: Copy + PartialEq + core::fmt::Debug + FromStr<Err = ParseIdError>,
    T: VocabularyProbe,
{
    let mut ids: Vec<&str> = all.iter().map(|m| m.probe_id()).collect();
    for (i, &member) in all.iter().enumerate() {
        assert_eq!(member.probe_index(), i);
        assert_eq!(T::from_str(member.probe_id()), Ok(member));
        let id = member.probe_id();
        assert!(id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'), "{id}");
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all.len(), "duplicate ids");
    let err = T::from_str("no_such_thing").unwrap_err();
    assert_eq!(err.text, "no_such_thing");
}

trait VocabularyProbe {
    fn probe_id(self) -> &'static str;
    fn probe_index(self) -> usize;
}

macro_rules! probe {
    ($($T:ty),*) => {$(
        impl VocabularyProbe for $T {
            fn probe_id(self) -> &'static str { self.id() }
            fn probe_index(self) -> usize { self.index() }
        }
    )*};
}
probe!(
    Power,
    MinorPower,
    Faction,
    Space,
    SeaZone,
    Card,
    LanguageZone,
    Religion,
    SpaceKind,
    CardKind,
    Phase,
    LandUnitKind,
    NavalUnitKind,
    Leader,
    Debater,
    Reformer,
    Ruler,
    Explorer,
    Conquistador
);

#[test]
fn every_vocabulary_round_trips() {
    check(&Power::ALL);
    check(&MinorPower::ALL);
    check(&Faction::ALL);
    check(&Space::ALL);
    check(&SeaZone::ALL);
    check(&Card::ALL);
    check(&LanguageZone::ALL);
    check(&Religion::ALL);
    check(&SpaceKind::ALL);
    check(&CardKind::ALL);
    check(&Phase::ALL);
    check(&LandUnitKind::ALL);
    check(&NavalUnitKind::ALL);
    check(&Leader::ALL);
    check(&Debater::ALL);
    check(&Reformer::ALL);
    check(&Ruler::ALL);
    check(&Explorer::ALL);
    check(&Conquistador::ALL);
}

#[test]
fn names_and_ids() {
    assert_eq!(Space::Paris.id(), "paris");
    assert_eq!(Space::Paris.to_string(), "Paris");
    assert_eq!("hungary_bohemia".parse::<MinorPower>(), Ok(MinorPower::HungaryBohemia));
    assert_eq!(Card::HereIStand.number(), 7);
    assert_eq!(Power::ALL.map(|p| p.id()), ["ottoman", "hapsburg", "england", "france", "papacy", "protestant"]);
}

#[test]
fn factions() {
    for p in Power::ALL {
        assert_eq!(Faction::from(p).major(), Some(p));
        assert_eq!(Faction::from(p).minor(), None);
    }
    for m in MinorPower::ALL {
        assert_eq!(Faction::from(m).minor(), Some(m));
        assert_eq!(Faction::from(m).major(), None);
    }
    assert_eq!(Faction::Independent.major(), None);
    assert_eq!(Faction::Independent.minor(), None);
}

#[test]
fn people_ratings() {
    // §5.1 and the Buda example of seed 002.
    assert_eq!((Leader::Suleiman.battle(), Leader::Suleiman.command()), (2, 12));
    assert_eq!((Leader::Ibrahim.battle(), Leader::Ibrahim.command()), (1, 6));
    assert_eq!(Leader::Dragut.piracy(), 2);
    assert_eq!(Leader::Barbarossa.piracy(), 1);
    assert_eq!(Leader::AndreaDoria.owner(), Some(Faction::Genoa));
    assert_eq!(Leader::Renegade.owner(), None);
    // §3.3 rulers.
    assert_eq!((Ruler::ElizabethI.admin(), Ruler::ElizabethI.card_bonus()), (2, 1));
    assert_eq!((Ruler::LeoX.admin(), Ruler::LeoX.card_bonus()), (0, 0));
    assert_eq!(Ruler::PaulIii.card(), Some(Card::PaulIii));
    assert_eq!(Ruler::initial(Power::Protestant), Ruler::Luther);
    // Debaters.
    assert_eq!(Debater::ALL.iter().filter(|d| d.power() == Power::Papacy).count(), 12);
    assert_eq!(Debater::Gardiner.entry_turn(), Some(7)); // §8 step 3
    assert_eq!(Debater::Eck.value(), 3);
    assert_eq!(Debater::Cranmer.entry_turn(), None);
    assert_eq!(Reformer::Zwingli.space(), Space::Zurich);
    assert_eq!(Explorer::Narvaez.rating(), -1);
    assert_eq!(Conquistador::Cortez.rating(), 4);
}

#[test]
fn power_card_tables() {
    use here_i_stand::data::powers::{auto_win_keys, key_track_cards, key_track_vp};
    assert_eq!(Power::ALL.map(auto_win_keys), [Some(11), Some(14), Some(9), Some(11), Some(7), None]);
    assert_eq!(key_track_cards(Power::France, 10), Some(5));
    assert_eq!(key_track_vp(Power::France, 10), Some(20));
    assert_eq!(key_track_cards(Power::Hapsburg, 0), Some(1));
    assert_eq!(key_track_vp(Power::Hapsburg, 0), Some(0));
    assert_eq!(key_track_vp(Power::England, 4), Some(9));
    assert_eq!(key_track_cards(Power::Protestant, 3), None);
}
