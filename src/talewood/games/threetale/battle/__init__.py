"""Battle (rulebook, Battle Cards, L295-L322; Future Book, Battle - Future Rules).

From the bottom up: `enemy` (who the enemy is, who attacks first), `ending` (the prize, the escape for
1 Spirit), `strikes` (the Sacred Stone's damage outside a round), `damage` (damage spread over the
Virtues or blocked with 1 Spirit), `rounds` (the loop of rounds, one small frame per choice) and
`start` (a battle begun). "You can escape the Battle at any time by spending 1 Spirit" (L211, L307):
every decision of a battle offers the escape, in the Past (R75).
"""
