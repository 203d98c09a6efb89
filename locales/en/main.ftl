app-title = Doska
