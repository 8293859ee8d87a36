//! The pieces layer: every land space with its kind and markers (key,
//! electorate, fortress, capital, §2.1), its controller, religion, unrest,
//! siege, Jesuit university and pirate haven, its stacks (units and leaders
//! per power, ships in port); then the ships in each sea zone.

use core::fmt::Write;

use super::{Escaped, View, attr, colour, ink, num, text};
use crate::game::{LandUnits, LeaderLocation, NavalLocation, NavalUnits};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, Religion, SeaZone, Space, SpaceKind};

/// Who stands in each space: read once from the game's stacks.
struct Occupants {
    land: [[LandUnits; Faction::COUNT]; Space::COUNT],
    besieged: [[bool; Faction::COUNT]; Space::COUNT],
    naval: [[NavalUnits; Faction::COUNT]; Space::COUNT],
    leaders: [EnumSet<Leader>; Space::COUNT],
}

impl Occupants {
    fn read(view: &View<'_>) -> Occupants {
        let game = view.game;
        let mut occupants = Occupants {
            land: [[LandUnits::NONE; Faction::COUNT]; Space::COUNT],
            besieged: [[false; Faction::COUNT]; Space::COUNT],
            naval: [[NavalUnits::NONE; Faction::COUNT]; Space::COUNT],
            leaders: [EnumSet::EMPTY; Space::COUNT],
        };
        for (space, faction, units, besieged) in game.land_stack_tuples() {
            occupants.land[space.index()][faction.index()] = units;
            occupants.besieged[space.index()][faction.index()] = besieged;
        }
        for (at, faction, units) in game.naval_stacks() {
            if let NavalLocation::Port(space) = at {
                occupants.naval[space.index()][faction.index()] = units;
            }
        }
        for (space, leader) in game.leaders_on_map() {
            occupants.leaders[space.index()].insert(leader);
        }
        occupants
    }
}

pub(super) fn draw(out: &mut String, view: &View<'_>) {
    let occupants = Occupants::read(view);
    out.push_str("<g id=\"spaces\">\n");
    for space in Space::ALL {
        draw_space(out, view, &occupants, space);
    }
    out.push_str("</g>\n<g id=\"fleets\">\n");
    for zone in SeaZone::ALL {
        draw_fleets(out, view, zone);
    }
    out.push_str("</g>\n");
}

/// The shape of each kind of space (§2.1), centred on the origin.
fn shape(kind: SpaceKind) -> (&'static str, &'static str) {
    match kind {
        SpaceKind::Key => ("<rect x=\"-7\" y=\"-7\" width=\"14\" height=\"14\"", "/>"),
        SpaceKind::Electorate => ("<polygon points=\"8,0 4,7 -4,7 -8,0 -4,-7 4,-7\"", "/>"),
        SpaceKind::Fortress => ("<polygon points=\"0,-9 9,0 0,9 -9,0\"", "/>"),
        SpaceKind::Town => ("<circle r=\"6\"", "/>"),
    }
}

fn draw_space(out: &mut String, view: &View<'_>, occupants: &Occupants, space: Space) {
    let game = view.game;
    let (x, y) = space.map_position();
    let i = space.index();
    out.push_str("<g id=\"space-");
    out.push_str(space.id());
    out.push_str("\" class=\"space\" transform=\"translate(");
    num(out, i32::from(x));
    out.push(' ');
    num(out, i32::from(y));
    out.push_str(")\"");
    if !game.in_play(space) {
        out.push_str(" opacity=\"0.45\"");
    }
    out.push_str("><title>");
    space_title(out, view, occupants, space);
    out.push_str("</title>\n");
    if occupants.besieged[i].iter().any(|&b| b) {
        out.push_str("<circle r=\"13\" class=\"siege\"/>\n");
    }
    let kind = if space.kind() == SpaceKind::Town && game.fortresses_built().contains(space) {
        SpaceKind::Fortress
    } else {
        space.kind()
    };
    let (open, close) = shape(kind);
    out.push_str(open);
    out.push_str(" fill=\"");
    out.push_str(colour(game.controller(space)));
    out.push_str("\" stroke=\"");
    out.push_str(if space.home() == Faction::Independent { "#555" } else { colour(space.home()) });
    out.push_str("\" class=\"sp\"");
    out.push_str(close);
    out.push('\n');
    if space.kind() == SpaceKind::Electorate || space.kind() == SpaceKind::Key {
        // The inner line keys and electorates have on the map.
        out.push_str(if space.kind() == SpaceKind::Key {
            "<rect x=\"-4\" y=\"-4\" width=\"8\" height=\"8\" class=\"in\"/>\n"
        } else {
            "<polygon points=\"5,0 2.5,4.3 -2.5,4.3 -5,0 -2.5,-4.3 2.5,-4.3\" class=\"in\"/>\n"
        });
    }
    if game.religion(space) == Religion::Protestant {
        out.push_str("<circle r=\"3.2\" class=\"prot\"/>\n");
    }
    if space.is_capital() {
        out.push_str("<polygon class=\"cap\" points=\"0,-21 1.5,-16.8 6,-16.6 2.4,-14 3.7,-9.8 0,-12.3 -3.7,-9.8 -2.4,-14 -6,-16.6 -1.5,-16.8\"/>\n");
    }
    if game.in_unrest(space) {
        out.push_str("<rect x=\"-17\" y=\"-17\" width=\"10\" height=\"10\" fill=\"#000\"/><text x=\"-12\" y=\"-9\" class=\"mk\">U</text>\n");
    }
    if game.jesuit_universities().contains(space) {
        out.push_str(
            "<circle cx=\"-12\" cy=\"6\" r=\"5\" fill=\"#7b3f9e\"/><text x=\"-12\" y=\"9\" class=\"mk\">J</text>\n",
        );
    }
    if game.pirate_havens().contains(space) {
        out.push_str("<rect x=\"-19\" y=\"-4\" width=\"12\" height=\"9\" fill=\"#222\"/><text x=\"-13\" y=\"3\" class=\"mk\">PH</text>\n");
    }
    out.push_str("<text y=\"19\" class=\"name\">");
    text(out, space.name());
    out.push_str("</text>\n");
    stacks(out, view, occupants, space);
    out.push_str("</g>\n");
}

/// "Paris: French key, capital, French zone; France controls; Catholic;
/// France 4 regulars, leaders Francis I".
fn space_title(out: &mut String, view: &View<'_>, occupants: &Occupants, space: Space) {
    let game = view.game;
    let i = space.index();
    text(out, space.name());
    out.push_str(": ");
    text(out, space.home().name());
    out.push(' ');
    out.push_str(match space.kind() {
        SpaceKind::Key => "key",
        SpaceKind::Electorate => "electorate",
        SpaceKind::Fortress => "fortress",
        SpaceKind::Town => "town",
    });
    if space.is_capital() {
        out.push_str(", capital");
    }
    if let Some(zone) = space.language() {
        out.push_str(", ");
        text(out, zone.name());
        out.push_str(" zone");
    }
    if !game.in_play(space) {
        out.push_str("; not in play");
    }
    out.push_str("; controlled by ");
    text(out, game.controller(space).name());
    out.push_str("; ");
    text(out, game.religion(space).name());
    if game.in_unrest(space) {
        out.push_str("; unrest");
    }
    if game.fortresses_built().contains(space) {
        out.push_str("; fortress built");
    }
    if game.jesuit_universities().contains(space) {
        out.push_str("; Jesuit university");
    }
    if game.pirate_havens().contains(space) {
        out.push_str("; pirate haven");
    }
    for faction in Faction::ALL {
        let land = occupants.land[i][faction.index()];
        let naval = occupants.naval[i][faction.index()];
        let mut leaders = occupants.leaders[i].iter().filter(|&l| owner(game, l) == faction).peekable();
        if land.is_empty() && naval.total() == 0 && leaders.peek().is_none() {
            continue;
        }
        out.push_str("; ");
        text(out, faction.name());
        if !land.is_empty() {
            let _ = write!(Escaped(out), " {land}");
            if occupants.besieged[i][faction.index()] {
                out.push_str(" (besieged)");
            }
        }
        if naval.total() > 0 {
            let _ = write!(Escaped(out), ", {naval} in port");
        }
        for (n, leader) in leaders.enumerate() {
            out.push_str(if n == 0 { ", leaders " } else { ", " });
            text(out, leader.name());
        }
    }
}

/// Whose pieces a leader is drawn with.
fn owner(game: &crate::game::Game, leader: Leader) -> Faction {
    game.leader_owner(leader).unwrap_or(Faction::Independent)
}

/// Digits of a count.
fn digits(n: u8) -> usize {
    if n >= 100 {
        3
    } else if n >= 10 {
        2
    } else {
        1
    }
}

/// The characters "4r 1m 2c" takes: counts and letters, spaces between.
fn counts_len(counts: &[(u8, char)]) -> usize {
    let shown = counts.iter().filter(|(n, _)| *n > 0);
    shown.clone().map(|&(n, _)| digits(n) + 1).sum::<usize>() + shown.count().saturating_sub(1)
}

fn write_counts(out: &mut String, counts: &[(u8, char)]) {
    let mut first = true;
    for &(n, letter) in counts.iter().filter(|(n, _)| *n > 0) {
        if !first {
            out.push(' ');
        }
        first = false;
        num(out, i32::from(n));
        out.push(letter);
    }
}

/// One box of counts, at (x, y) (its top left), filled with `faction`'s
/// colour; `ships` draws it rounded with a navy border. Returns its width.
fn counts_box(out: &mut String, x: i32, y: i32, faction: Faction, counts: &[(u8, char)], class: &str) -> i32 {
    let width = counts_len(counts) as i32 * 5 + 5;
    out.push_str("<rect");
    attr(out, "x", x);
    attr(out, "y", y);
    attr(out, "width", width);
    out.push_str(" height=\"10\" class=\"");
    out.push_str(class);
    out.push_str("\" fill=\"");
    out.push_str(colour(faction));
    out.push_str("\"/><text");
    attr(out, "x", x + 3);
    attr(out, "y", y + 8);
    out.push_str(" class=\"u\" fill=\"");
    out.push_str(ink(faction));
    out.push_str("\">");
    write_counts(out, counts);
    out.push_str("</text>\n");
    width
}

/// One row per power present: its land units (r regulars, m mercenaries,
/// c cavalry), its ships in port (s squadrons, c corsairs), its leaders.
fn stacks(out: &mut String, view: &View<'_>, occupants: &Occupants, space: Space) {
    let game = view.game;
    let i = space.index();
    let mut row = 0;
    for faction in Faction::ALL {
        let land = occupants.land[i][faction.index()];
        let naval = occupants.naval[i][faction.index()];
        let leaders = occupants.leaders[i];
        let has_leader = leaders.iter().any(|l| owner(game, l) == faction);
        if land.is_empty() && naval.total() == 0 && !has_leader {
            continue;
        }
        let y = -13 + row * 11;
        let mut x = 10;
        if !land.is_empty() {
            let counts = [(land.regulars, 'r'), (land.mercenaries, 'm'), (land.cavalry, 'c')];
            let class = if occupants.besieged[i][faction.index()] { "st bs" } else { "st" };
            x += counts_box(out, x, y, faction, &counts, class) + 2;
        }
        if naval.total() > 0 {
            let counts = [(naval.squadrons, 's'), (naval.corsairs, 'c')];
            x += counts_box(out, x, y, faction, &counts, "nv") + 2;
        }
        if has_leader {
            out.push_str("<text");
            attr(out, "x", x);
            attr(out, "y", y + 8);
            out.push_str(" class=\"ld\">");
            let mut first = true;
            for leader in leaders.iter().filter(|&l| owner(game, l) == faction) {
                if !first {
                    out.push_str(", ");
                }
                first = false;
                text(out, leader.name());
            }
            out.push_str("</text>\n");
        }
        row += 1;
    }
}

/// A sea zone's name, its ships and naval leaders under it, and its
/// piracy marker.
fn draw_fleets(out: &mut String, view: &View<'_>, zone: SeaZone) {
    let game = view.game;
    let (x, y) = zone.map_position();
    let (x, mut y) = (i32::from(x) - 30, i32::from(y) + 5);
    out.push_str("<g class=\"fleet\" id=\"fleet-");
    out.push_str(zone.id());
    out.push_str("\">\n");
    super::label(out, x + 30, y - 5, "class=\"sea-name\"", zone.name());
    for faction in Faction::ALL {
        let units = game.naval_units(NavalLocation::Sea(zone), faction);
        let leaders = Leader::ALL
            .into_iter()
            .filter(|&l| owner(game, l) == faction && game.leader_location(l) == LeaderLocation::Sea(zone));
        let mut leaders = leaders.peekable();
        if units.total() == 0 && leaders.peek().is_none() {
            continue;
        }
        let mut lx = x;
        if units.total() > 0 {
            let counts = [(units.squadrons, 's'), (units.corsairs, 'c')];
            lx += counts_box(out, x, y, faction, &counts, "nv") + 2;
        }
        if leaders.peek().is_some() {
            out.push_str("<text");
            attr(out, "x", lx);
            attr(out, "y", y + 8);
            out.push_str(" class=\"ld\">");
            for (n, leader) in leaders.enumerate() {
                if n > 0 {
                    out.push_str(", ");
                }
                text(out, leader.name());
            }
            out.push_str("</text>\n");
        }
        y += 12;
    }
    if game.piracy_markers().contains(zone) {
        out.push_str("<rect");
        attr(out, "x", x);
        attr(out, "y", y);
        out.push_str(" width=\"44\" height=\"11\" fill=\"#222\"/><text");
        attr(out, "x", x + 22);
        attr(out, "y", y + 9);
        out.push_str(" class=\"mk\">Piracy</text>\n");
    }
    out.push_str("</g>\n");
}
