"""leaderboards"""
