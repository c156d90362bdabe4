// A classic stdin/stdout Icy Projectile player in Rust: read a turn from
// standard input, print one line per child, flush, until the turn number is -1.
// Built for wasm32-wasi by `npm run build` when rustc has that target
// (Debian: apt-get install rustc libstd-rust-dev-wasm32; docs/bots/c-cpp.md).
//
// Each child packs a snowball, then throws it at the nearest enemy in sight
// within range; with nobody in sight it walks toward the enemy's corner.
use std::io::{self, BufRead, Write};

const SIZE: usize = 31;
const TEAM: usize = 4;
const RANGE_SQUARED: i32 = 64;

#[derive(Clone, Copy, Default)]
struct Child {
    visible: bool,
    x: i32,
    y: i32,
    standing: bool,
    holding: u8,
    dazed: i32,
}

struct Turn {
    snow: Vec<Vec<i32>>, // height, or -1 for a tree or a space out of sight
    children: Vec<Child>, // mine first
}

/// Reads the words of one turn; None at the end of the game (-1) or of the input.
fn read_turn(words: &mut impl Iterator<Item = String>) -> Option<Turn> {
    let number: i32 = words.next()?.parse().ok()?;
    if number < 0 {
        return None;
    }
    words.next()?; // own score
    words.next()?; // the other's score
    let mut snow = vec![vec![-1; SIZE]; SIZE];
    for column in snow.iter_mut() {
        for cell in column.iter_mut() {
            let text = words.next()?;
            if !text.starts_with('*') && !text.ends_with('b') {
                *cell = text[..text.len() - 1].parse().ok()?;
            }
        }
    }
    let mut children = vec![Child::default(); 2 * TEAM];
    for child in children.iter_mut() {
        let first = words.next()?;
        if first == "*" {
            continue;
        }
        child.visible = true;
        child.x = first.parse().ok()?;
        child.y = words.next()?.parse().ok()?;
        child.standing = words.next()? == "S";
        child.holding = words.next()?.bytes().next()?;
        child.dazed = words.next()?.parse().ok()?;
    }
    Some(Turn { snow, children })
}

fn taken(turn: &Turn, x: i32, y: i32) -> bool {
    turn.children.iter().any(|c| c.visible && c.x == x && c.y == y)
}

fn decide(turn: &Turn, k: usize) -> String {
    let me = turn.children[k];
    if me.dazed > 0 {
        return "idle".into();
    }
    match me.holding {
        b'e' | b'f' | b'g' => {
            if !me.standing {
                return "stand".into();
            }
            let nearest = turn.children[TEAM..]
                .iter()
                .filter(|e| e.visible)
                .map(|e| ((e.x - me.x).pow(2) + (e.y - me.y).pow(2), e))
                .min_by_key(|(d, _)| *d);
            if let Some((d, e)) = nearest {
                if d <= RANGE_SQUARED {
                    return format!("throw {} {}", 2 * e.x - me.x, 2 * e.y - me.y);
                }
            }
            let goal = SIZE as i32 - 3;
            let (x, y) = (me.x + (goal - me.x).signum(), me.y + (goal - me.y).signum());
            if (x, y) == (me.x, me.y) || taken(turn, x, y) {
                "idle".into()
            } else {
                format!("run {} {}", x, y)
            }
        }
        b'b' | b'c' | b'd' => "crush".into(),
        b'a' => {
            if me.standing {
                return "crouch".into();
            }
            for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)] {
                let (x, y) = (me.x + dx, me.y + dy);
                let inside = x >= 0 && y >= 0 && (x as usize) < SIZE && (y as usize) < SIZE;
                if inside && turn.snow[x as usize][y as usize] > 0 && !taken(turn, x, y) {
                    return format!("pickup {} {}", x, y);
                }
            }
            "stand".into()
        }
        _ => format!("drop {} {}", if me.x > 0 { me.x - 1 } else { 1 }, me.y),
    }
}

fn main() {
    let stdin = io::stdin();
    let mut words = stdin
        .lock()
        .lines()
        .map_while(Result::ok)
        .flat_map(|line| line.split_whitespace().map(String::from).collect::<Vec<_>>());
    let mut out = io::stdout();
    let mut turns = 0;
    while let Some(turn) = read_turn(&mut words) {
        turns += 1;
        for k in 0..TEAM {
            writeln!(out, "{}", decide(&turn, k)).unwrap();
        }
        out.flush().unwrap();
    }
    eprintln!("sniper: the game ended after {} turns", turns);
}
