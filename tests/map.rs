//! Map facts (§2), pinned against the counts of the rulebook and his-map.json.

use here_i_stand::data::map::UNREACHABLE;
use here_i_stand::{Faction, LanguageZone, SeaZone, Space, SpaceKind};

fn count(kind: SpaceKind) -> usize {
    Space::ALL.iter().filter(|s| s.kind() == kind).count()
}

#[test]
fn space_and_sea_zone_counts() {
    assert_eq!(Space::COUNT, 134);
    assert_eq!(SeaZone::COUNT, 14);
    assert_eq!(count(SpaceKind::Key), 33);
    assert_eq!(count(SpaceKind::Fortress), 9);
    assert_eq!(count(SpaceKind::Electorate), 6);
    assert_eq!(count(SpaceKind::Town), 86);
}

#[test]
fn six_capitals_all_keys() {
    let capitals: Vec<Space> = Space::ALL.iter().copied().filter(|s| s.is_capital()).collect();
    assert_eq!(
        capitals,
        vec![Space::Istanbul, Space::London, Space::Paris, Space::Rome, Space::Valladolid, Space::Vienna]
    );
    assert!(capitals.iter().all(|s| s.kind() == SpaceKind::Key));
    assert_eq!(Space::Vienna.home(), Faction::Hapsburg);
    assert_eq!(Space::Valladolid.home(), Faction::Hapsburg);
}

#[test]
fn electorates_are_the_six_german_ones() {
    let electorates: Vec<Space> = Space::ALL.iter().copied().filter(|s| s.kind() == SpaceKind::Electorate).collect();
    assert_eq!(
        electorates,
        vec![Space::Augsburg, Space::Brandenburg, Space::Cologne, Space::Mainz, Space::Trier, Space::Wittenberg]
    );
    assert!(electorates.iter().all(|s| s.language() == Some(LanguageZone::German)));
}

#[test]
fn connections_and_passes() {
    let clear: usize = Space::ALL.iter().map(|s| s.connections().len()).sum();
    let passes: usize = Space::ALL.iter().map(|s| s.passes().len()).sum();
    assert_eq!(clear / 2, 204);
    assert_eq!(passes / 2, 16);
    for a in Space::ALL {
        assert!(!a.is_adjacent(a), "{a} adjacent to itself");
        for &b in a.connections() {
            assert!(b.connections().contains(&a), "{a}-{b} not symmetric");
            assert!(!a.passes().contains(&b), "{a}-{b} both clear and pass");
        }
        for &b in a.passes() {
            assert!(b.passes().contains(&a), "{a}-{b} pass not symmetric");
        }
    }
}

#[test]
fn passes_by_range() {
    // §2.3: 3 in the Pyrenees, 6 in the Alps, 7 in the Balkans.
    let pairs: Vec<(Space, Space)> =
        Space::ALL.iter().flat_map(|&a| a.passes().iter().filter(move |&&b| a < b).map(move |&b| (a, b))).collect();
    let spanish = pairs
        .iter()
        .filter(|(a, b)| a.language() == Some(LanguageZone::Spanish) || b.language() == Some(LanguageZone::Spanish))
        .count();
    assert_eq!(spanish, 3);
    assert_eq!(pairs.len(), 16);
}

#[test]
fn ports_and_seas() {
    let ports = Space::ALL.iter().filter(|s| s.is_port()).count();
    let links: usize = Space::ALL.iter().map(|s| s.ports().len()).sum();
    assert_eq!(ports, 58);
    assert_eq!(links, 75);
    let sea_links: usize = SeaZone::ALL.iter().map(|z| z.ports().len()).sum();
    assert_eq!(sea_links, 75);
    for zone in SeaZone::ALL {
        for &port in zone.ports() {
            assert!(port.ports().contains(&zone), "{port} / {zone}");
        }
        assert!(!zone.adjacent().contains(&zone));
        for &other in zone.adjacent() {
            assert!(other.adjacent().contains(&zone), "{zone}-{other} not symmetric");
        }
    }
    let adjacencies: usize = SeaZone::ALL.iter().map(|z| z.adjacent().len()).sum();
    assert_eq!(adjacencies / 2, 16);
    // §2.3: pairs joined only through a two-zone port.
    assert!(!SeaZone::IonianSea.adjacent().contains(&SeaZone::TyrrhenianSea));
    assert!(!SeaZone::BarbaryCoast.adjacent().contains(&SeaZone::AtlanticOcean));
    assert!(!SeaZone::BlackSea.adjacent().contains(&SeaZone::AegeanSea));
    assert!(SeaZone::NorthSea.adjacent().contains(&SeaZone::IrishSea));
    assert!(SeaZone::NorthSea.adjacent().contains(&SeaZone::BalticSea));
    assert_eq!(Space::Istanbul.ports(), &[SeaZone::AegeanSea, SeaZone::BlackSea]);
}

#[test]
fn every_space_reachable_over_land_and_sea() {
    for a in Space::ALL {
        for b in Space::ALL {
            assert_ne!(a.distance(b), UNREACHABLE, "{a} to {b}");
            assert_eq!(a.distance(b), b.distance(a));
        }
    }
    // Islands have no land path; the mainland is one component.
    assert_eq!(Space::Rhodes.land_distance(Space::Paris), None);
    assert_eq!(Space::Paris.land_distance(Space::Istanbul).map(|d| d > 5), Some(true));
    assert_eq!(Space::London.land_distance(Space::Paris), None);
}

#[test]
fn homes_and_languages() {
    let home = |f: Faction| Space::ALL.iter().filter(|s| s.home() == f).count();
    assert_eq!(home(Faction::Hapsburg), 32);
    assert_eq!(home(Faction::Protestant), 21);
    assert_eq!(home(Faction::France), 17);
    assert_eq!(home(Faction::Ottoman), 15);
    assert_eq!(home(Faction::England), 12);
    assert_eq!(home(Faction::HungaryBohemia), 9);
    assert_eq!(home(Faction::Independent), 16);
    assert_eq!(Space::ALL.iter().filter(|s| s.language().is_none()).count(), 37);
    assert_eq!(Space::ALL.iter().filter(|s| s.language() == Some(LanguageZone::German)).count(), 27);
}

#[test]
fn control_1517() {
    let controlled = |f: Faction| Space::ALL.iter().filter(|s| s.control_1517() == Some(f)).count();
    assert_eq!(controlled(Faction::Hapsburg), 54);
    assert_eq!(controlled(Faction::France), 19);
    assert_eq!(controlled(Faction::Ottoman), 14);
    assert_eq!(Space::Algiers.control_1517(), None);
    assert_eq!(Space::Tunis.control_1517(), Some(Faction::Hapsburg));
    assert_eq!(Space::Milan.control_1517(), Some(Faction::France));
}

/// `Space::keys()` is exactly the 33 spaces of kind Key (§2.1).
#[test]
fn key_set() {
    let keys = Space::keys();
    assert_eq!(keys.len(), 33);
    for space in Space::ALL {
        assert_eq!(keys.contains(space), space.kind() == SpaceKind::Key, "{space}");
    }
}
