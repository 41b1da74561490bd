print("lckmigrate: work in progress")
