//! The picture of the board (issue #33, feature `svg`): `Game::board_svg`
//! and `Observation::board_svg`. Every space and sea zone has its element
//! and title, the SVG is well-formed XML, the position is drawn, and an
//! observation names no card its viewer cannot see.

use here_i_stand::{
    Card, Faction, Game, LandUnits, Leader, LeaderLocation, NavalLocation, NavalUnits, Power, Religion, Scenario,
    SeaZone, Setup, Space, SvgOptions,
};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::common::{board, on_random_positions};

/// Checks that `svg` is well-formed XML as far as the picture uses it: one
/// root `<svg>`, every tag closed in order, attributes quoted, entities
/// known; returns the number of elements.
fn well_formed(svg: &str) -> Result<usize, String> {
    let body = svg.strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n").ok_or("no XML declaration")?;
    let mut stack: Vec<&str> = Vec::new();
    let mut elements = 0;
    let mut roots = 0;
    let mut rest = body;
    while let Some(open) = rest.find('<') {
        check_text(&rest[..open])?;
        let after = &rest[open + 1..];
        let close = after.find('>').ok_or("a tag is not closed")?;
        let tag = &after[..close];
        rest = &after[close + 1..];
        if tag.matches('"').count() % 2 != 0 {
            return Err(format!("unbalanced quotes in <{tag}>"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let name = tag.split([' ', '/', '\n']).next().unwrap_or("");
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!("bad tag <{tag}>"));
        }
        check_text(tag)?;
        elements += 1;
        if stack.is_empty() {
            roots += 1;
        }
        if !tag.ends_with('/') {
            stack.push(name);
        }
    }
    check_text(rest)?;
    if !stack.is_empty() || roots != 1 || !rest.trim().is_empty() {
        return Err(format!("unclosed {stack:?}, {roots} roots"));
    }
    Ok(elements)
}

/// Text and attribute values: no raw `<`, `>`, and `&` only in an entity.
fn check_text(text: &str) -> Result<(), String> {
    if text.contains('<') || text.contains('>') {
        return Err(format!("raw < or > in {text:?}"));
    }
    for (i, _) in text.match_indices('&') {
        let entity = &text[i..];
        if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].iter().any(|e| entity.starts_with(e)) {
            return Err(format!("bad entity in {text:?}"));
        }
    }
    Ok(())
}

/// The title of the element `id`.
fn title<'a>(svg: &'a str, id: &str) -> &'a str {
    let at = svg.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no element {id}"));
    let start = at + svg[at..].find("<title>").expect("a title") + "<title>".len();
    let end = start + svg[start..].find("</title>").expect("a closed title");
    &svg[start..end]
}

/// The content of the group `id` (up to the next space or sea group).
fn group<'a>(svg: &'a str, id: &str) -> &'a str {
    let at = svg.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no element {id}"));
    let end = at + svg[at..].find("</g>").expect("a closed group");
    &svg[at..end]
}

#[test]
fn every_space_and_sea_zone_has_an_element_with_a_title() {
    let svg = Game::new(Setup::new(Scenario::Y1517, 1)).board_svg(SvgOptions::default());
    for space in Space::ALL {
        let id = format!("space-{}", space.id());
        assert_eq!(svg.matches(&format!("id=\"{id}\"")).count(), 1, "{id}");
        assert!(title(&svg, &id).starts_with(space.name()), "{id}");
    }
    for zone in SeaZone::ALL {
        let id = format!("sea-{}", zone.id());
        assert_eq!(svg.matches(&format!("id=\"{id}\"")).count(), 1, "{id}");
        assert!(title(&svg, &id).starts_with(zone.name()), "{id}");
    }
    assert_eq!(svg.matches("class=\"space\"").count(), 134);
    assert_eq!(svg.matches("class=\"sea\"").count(), 14);
}

#[test]
fn the_picture_is_well_formed_xml_on_random_positions() {
    let checked = on_random_positions(3, 250, |game| {
        let svg = game.board_svg(SvgOptions::default());
        let elements = well_formed(&svg).unwrap_or_else(|e| panic!("turn {}: {e}", game.turn()));
        assert!(elements > 500);
        assert!(svg.ends_with("</svg>\n"));
        let view = game.observation(Power::ALL[usize::from(game.turn()) % Power::COUNT]);
        well_formed(&view.board_svg(SvgOptions::default())).unwrap_or_else(|e| panic!("observation: {e}"));
        well_formed(&game.board_svg(SvgOptions::default().with_card_faces(false).with_connections(false)))
            .unwrap_or_else(|e| panic!("options: {e}"));
    });
    assert!(checked > 10);
}

#[test]
fn the_checker_refuses_broken_xml() {
    let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    assert!(well_formed(&format!("{head}<svg><g></svg>")).is_err());
    assert!(well_formed(&format!("{head}<svg><g x=\"1></g></svg>")).is_err());
    assert!(well_formed(&format!("{head}<svg>a & b</svg>")).is_err());
    assert!(well_formed(&format!("{head}<svg/><svg/>")).is_err());
    assert_eq!(well_formed(&format!("{head}<svg><g x=\"1\"/>&amp;</svg>")), Ok(2));
}

/// A position built for the purpose: control, religion, unrest, a siege,
/// units, leaders and ships; each shows in its space's title and marks.
#[test]
fn spaces_show_control_religion_unrest_sieges_units_and_leaders() -> Result<(), here_i_stand::EditError> {
    let mut game = board(1);
    game.set_land_units(Space::Paris, Faction::France, LandUnits { regulars: 3, mercenaries: 2, cavalry: 0 })?;
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Paris))?;
    game.set_unrest(Space::Lyon, true)?;
    game.set_religion(Space::Wittenberg, Religion::Protestant)?;
    game.set_controller(Space::Metz, Faction::France)?;
    game.set_besieged_units(Space::Metz, Faction::France, LandUnits::regulars(1))?;
    game.set_land_units(Space::Metz, Faction::Hapsburg, LandUnits::regulars(4))?;
    game.set_naval_units(NavalLocation::Port(Space::Marseille), Faction::France, NavalUnits::squadrons(2))?;
    let svg = game.board_svg(SvgOptions::default());

    let paris = title(&svg, "space-paris");
    assert!(paris.contains("controlled by France"), "{paris}");
    assert!(paris.contains("France 3 regulars, 2 mercenaries, leaders Francis I"), "{paris}");
    let drawn = group(&svg, "space-paris");
    assert!(drawn.contains(">3r 2m</text>") && drawn.contains(">Francis I</text>"), "{drawn}");
    assert!(drawn.contains("class=\"cap\""), "Paris is a capital");

    assert!(title(&svg, "space-lyon").contains("; unrest"));
    assert!(group(&svg, "space-lyon").contains(">U</text>"));
    assert!(title(&svg, "space-wittenberg").contains("Protestant"));
    assert!(group(&svg, "space-wittenberg").contains("class=\"prot\""));
    assert!(!group(&svg, "space-leipzig").contains("class=\"prot\""));

    let metz = title(&svg, "space-metz");
    assert!(metz.contains("France 1 regular (besieged)") && metz.contains("Hapsburg 4 regulars"), "{metz}");
    assert!(group(&svg, "space-metz").contains("class=\"siege\""));
    assert!(title(&svg, "space-marseille").contains("France, 2 squadrons in port"));
    assert!(group(&svg, "space-marseille").contains(">2s</text>"));
    Ok(())
}

#[test]
fn sea_zones_show_their_fleets() -> Result<(), here_i_stand::EditError> {
    let mut game = board(2);
    game.set_naval_units(NavalLocation::Sea(SeaZone::NorthSea), Faction::England, NavalUnits::squadrons(2))?;
    let svg = game.board_svg(SvgOptions::default());
    assert!(title(&svg, "sea-north_sea").contains("England 2 squadrons"));
    assert!(group(&svg, "fleet-north_sea").contains(">2s</text>"));
    assert!(title(&svg, "sea-baltic_sea").contains("no ships"));
    Ok(())
}

/// The panels: the turn, the phase, who decides, the VP, the wars, the
/// tracks, the New World and the foreign wars.
#[test]
fn the_panels_show_the_tracks_and_the_displays() -> Result<(), here_i_stand::EditError> {
    let mut game = Game::new(Setup::new(Scenario::Y1517, 3));
    game.set_translation(here_i_stand::LanguageZone::German, 6, 1)?;
    let svg = game.board_svg(SvgOptions::default());
    assert!(svg.contains("Here I Stand: turn 1 (1517 scenario)"));
    assert!(svg.contains("Luther's 95 Theses"));
    assert!(svg.contains("to decide: "));
    for power in Power::ALL {
        let vp = game.vp(power).total();
        assert!(svg.contains(&format!(">{vp} VP</tspan>")), "{power}");
    }
    assert!(svg.contains("German translation: New Testament 6, Full Bible 1"));
    let count = here_i_stand::rules::victory::protestant_spaces(&game);
    assert!(svg.contains(&format!("Protestant spaces: <tspan font-weight=\"bold\">{count}</tspan>")));
    assert!(svg.contains("St Peter's: 0 CP"));
    assert!(svg.contains("Discoveries: ") && svg.contains("Conquests: "));
    assert!(svg.contains("Revolt in Egypt: no."));
    // The wars of 1517 (§24.1): the matrix marks them.
    assert!(game.at_war(Power::Ottoman, Faction::HungaryBohemia));
    assert!(svg.contains("Diplomatic status") && svg.contains(">W</text>"));
    Ok(())
}

/// Some random play, to a position with full hands.
fn dealt(seed: u64) -> Game {
    let mut game = Game::new(Setup::new(Scenario::Y1517, seed));
    let mut steps = 0;
    while game.hand(Power::France).len() < 3 && steps < 2000 {
        let actions = game.legal_actions();
        game.apply(actions[steps % actions.len()]).expect("a listed action applies");
        steps += 1;
    }
    game
}

/// The name a hand shows a card by.
fn face(card: Card) -> String {
    format!("#{} {}", card.number(), card.name())
}

#[test]
fn a_game_names_every_card_in_hand_unless_told_not_to() {
    let game = dealt(4);
    let svg = game.board_svg(SvgOptions::default());
    let hidden = game.board_svg(SvgOptions::default().with_card_faces(false));
    let mut cards = 0;
    for power in Power::ALL {
        for card in game.hand(power) {
            let face = face(card);
            assert!(svg.contains(&face), "{face}");
            assert!(!hidden.contains(&face), "{face}");
            cards += 1;
        }
        let n = game.hand(power).len();
        assert!(svg.contains(&format!(">{n} card")), "{power}");
    }
    assert!(cards > 6);
}

#[test]
fn an_observation_names_no_card_its_viewer_cannot_see() {
    for seed in [5, 6] {
        let game = dealt(seed);
        // Names the picture shows anyway (a phase named after a card).
        let public = game.board_svg(SvgOptions::default().with_card_faces(false));
        for viewer in Power::ALL {
            let view = game.observation(viewer);
            let svg = view.board_svg(SvgOptions::default());
            assert!(!view.unseen().is_empty());
            for card in view.unseen() {
                assert!(!svg.contains(&face(card)), "{viewer} sees {}", face(card));
                if !public.contains(card.name()) {
                    assert!(!svg.contains(card.name()), "{viewer} sees {}", card.name());
                }
            }
            for card in game.hand(viewer) {
                assert!(svg.contains(card.name()), "{viewer}: its own {}", card.name());
            }
            for power in Power::ALL {
                let n = view.hand_size(power);
                assert!(svg.contains(&format!(">{n} card")), "{power}");
            }
            // The picture is the observation's: a re-deal of what the
            // viewer cannot see draws the same picture.
            let other = game.redeal_hidden(viewer, &mut Pcg64Mcg::seed_from_u64(seed));
            assert_eq!(other.observation(viewer).board_svg(SvgOptions::default()), svg, "{viewer}");
        }
    }
}

#[test]
fn a_space_out_of_play_is_drawn_faded() -> Result<(), here_i_stand::EditError> {
    let mut game = board(3);
    game.set_in_play(Space::Algiers, false)?;
    let svg = game.board_svg(SvgOptions::default());
    assert!(group(&svg, "space-algiers").contains("opacity=\"0.45\""));
    assert!(title(&svg, "space-algiers").contains("not in play"));
    assert!(!group(&svg, "space-tunis").contains("opacity"));
    Ok(())
}
