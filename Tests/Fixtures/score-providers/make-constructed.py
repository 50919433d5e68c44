#!/usr/bin/env python3
"""Writes the constructed MLB Stats API schedule of the 2026 season's edges (see README.md): python3 make-constructed.py"""
import json

TEAMS = {"BOS": (111, "Boston Red Sox"), "NYY": (147, "New York Yankees"), "CIN": (113, "Cincinnati Reds"),
         "STL": (138, "St. Louis Cardinals"), "HOU": (117, "Houston Astros"), "LAA": (108, "Los Angeles Angels"),
         "LAD": (119, "Los Angeles Dodgers"), "SD": (135, "San Diego Padres"), "CHC": (112, "Chicago Cubs"),
         "MIL": (158, "Milwaukee Brewers"), "PHI": (143, "Philadelphia Phillies"), "TOR": (141, "Toronto Blue Jays")}
VENUES = {"CIN": (2602, "Great American Ball Park"), "HOU": (2392, "Daikin Park"), "BOS": (3, "Fenway Park"),
          "SD": (2680, "Petco Park"), "CHC": (17, "Wrigley Field"), "LAD": (22, "Dodger Stadium"),
          "TOR": (14, "Rogers Centre"), "FLA": (2856, "CACTI Park of the Palm Beaches")}
STATES = {"final": ("Final", "F", "Final"), "postponed": ("Final", "D", "Postponed"),
          "suspended": ("Live", "U", "Suspended: Rain"), "scheduled": ("Preview", "S", "Scheduled")}


def game(pk, kind, when, away, home, state, score=None, number=1, doubleheader="N", venue=None):
    abstract, coded, detailed = STATES[state]
    def side(team, runs):
        entry = {"team": {"id": TEAMS[team][0], "name": TEAMS[team][1], "link": f"/api/v1/teams/{TEAMS[team][0]}"}}
        if runs is not None:
            entry["score"] = runs
        return entry
    venue_id, venue_name = VENUES[venue or home]
    return {"gamePk": pk, "link": f"/api/v1.1/game/{pk}/feed/live", "gameType": kind, "season": "2026",
            "gameDate": when, "officialDate": when[:10],
            "status": {"abstractGameState": abstract, "codedGameState": coded, "detailedState": detailed,
                       "statusCode": coded, "startTimeTBD": False, "abstractGameCode": abstract[0]},
            "teams": {"away": side(away, score and score[0]), "home": side(home, score and score[1])},
            "venue": {"id": venue_id, "name": venue_name, "link": f"/api/v1/venues/{venue_id}"},
            "isTie": False, "gameNumber": number, "doubleHeader": doubleheader, "dayNight": "night",
            "scheduledInnings": 9, "seriesDescription": "Regular Season" if kind == "R" else "Postseason"}


def day(date, *games):
    return {"date": date, "totalItems": len(games), "totalGames": len(games), "games": list(games), "events": []}


schedule = {"copyright": "constructed for StadiumLog's tests in the shape of statsapi.mlb.com responses", "dates": [
    day("2026-03-05", game(900001, "S", "2026-03-05T18:05:00Z", "BOS", "NYY", "final", (3, 2), venue="FLA")),
    day("2026-08-20",
        game(900010, "R", "2026-08-20T22:40:00Z", "STL", "CIN", "final", (10, 9)),
        game(900011, "R", "2026-08-21T00:10:00Z", "LAA", "HOU", "final", (17, 3))),
    day("2026-09-05",
        game(900020, "R", "2026-09-05T17:10:00Z", "NYY", "BOS", "final", (3, 5), number=1, doubleheader="S"),
        game(900021, "R", "2026-09-05T23:10:00Z", "NYY", "BOS", "final", (7, 2), number=2, doubleheader="S")),
    day("2026-09-06", game(900030, "R", "2026-09-07T02:10:00Z", "LAD", "SD", "postponed")),
    day("2026-09-07", game(900030, "R", "2026-09-07T20:10:00Z", "LAD", "SD", "final", (4, 1))),
    day("2026-09-08", game(900040, "R", "2026-09-09T00:05:00Z", "MIL", "CHC", "suspended", (2, 2))),
    day("2026-09-09", game(900040, "R", "2026-09-09T18:20:00Z", "MIL", "CHC", "final", (5, 3))),
    day("2026-10-05", game(900050, "D", "2026-10-06T01:08:00Z", "PHI", "LAD", "final", (2, 4))),
    day("2026-11-02", game(900060, "W", "2026-11-03T00:00:00Z", "TOR", "LAD", "scheduled")),
]}
with open("mlb-statsapi/schedule_2026-season_constructed.json", "w") as out:
    json.dump(schedule, out, indent=1)
    out.write("\n")


# The NBA's league schedule (stats.nba.com/stats/scheduleleaguev2) for the start of 2026-27.
NBA = {"LAL": (1610612747, "Los Angeles", "Lakers", "Crypto.com Arena"), "BOS": (1610612738, "Boston", "Celtics", "TD Garden"),
       "GSW": (1610612744, "Golden State", "Warriors", "Chase Center"),
       "NYK": (1610612752, "New York", "Knicks", "Madison Square Garden")}


def nba_game(game_id, eastern_day, utc, away, home, status, score=None):
    def side(team, points):
        team_id, city, name, _ = NBA[team]
        return {"teamId": team_id, "teamName": name, "teamCity": city, "teamTricode": team, "teamSlug": name.lower(),
                "wins": 0, "losses": 0, "score": points if points is not None else 0, "seed": 0}
    code, text = {"final": (3, "Final"), "scheduled": (1, "7:30 pm ET"), "postponed": (1, "PPD")}[status]
    return {"gameId": game_id, "gameCode": f"{eastern_day.replace('-', '')}/{away}{home}", "gameStatus": code,
            "gameStatusText": text, "gameSequence": 1, "gameDateEst": f"{eastern_day}T00:00:00Z",
            "gameDateTimeUTC": utc, "arenaName": NBA[home][3], "isNeutral": False,
            "homeTeam": side(home, score and score[1]), "awayTeam": side(away, score and score[0])}


nba = {"meta": {"version": 1, "request": "constructed for StadiumLog's tests", "time": "2026-11-24T12:00:00Z"},
       "leagueSchedule": {"seasonYear": "2026-27", "leagueId": "00", "gameDates": [
           {"gameDate": "10/10/2026 00:00:00", "games": [
               nba_game("0012600001", "2026-10-10", "2026-10-10T23:30:00Z", "NYK", "BOS", "final", (101, 99))]},
           {"gameDate": "10/20/2026 00:00:00", "games": [
               nba_game("0022600001", "2026-10-20", "2026-10-20T23:30:00Z", "NYK", "BOS", "final", (104, 110)),
               nba_game("0022600002", "2026-10-20", "2026-10-21T02:00:00Z", "GSW", "LAL", "final", (121, 117))]},
           {"gameDate": "11/30/2026 00:00:00", "games": [
               nba_game("0022600250", "2026-11-30", "2026-12-01T00:30:00Z", "LAL", "NYK", "scheduled")]},
       ]}}
with open("nba-stats/scheduleleaguev2_2026-27_constructed.json", "w") as out:
    json.dump(nba, out, indent=1)
    out.write("\n")
